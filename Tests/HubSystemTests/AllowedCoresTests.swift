import Testing
@testable import HubSystem

/// The cores the process may run on, as Linux lists them in `Cpus_allowed_list`.
@Suite struct AllowedCoresTests {
    @Test func aListNamesEachCoreOfItsRangesInOrder() {
        #expect(AllowedCores.parse("0-1") == [0, 1])
        #expect(AllowedCores.parse("0,2-3,7") == [0, 2, 3, 7])
        #expect(AllowedCores.parse("5") == [5])
    }

    @Test(arguments: ["", "a", "1-0", "1-2-3", "-1", "2-", "0,,1"])
    func aMalformedListNamesNone(_ text: String) {
        #expect(AllowedCores.parse(text) == [])
    }

    @Test func thisProcessMayRunOnAtLeastOneCoreAndNoMoreThanTheMachineHas() {
        #expect(!AllowedCores.list.isEmpty)
        #expect(AllowedCores.count >= 1 && AllowedCores.count <= AllowedCores.list.count)
    }
}
