// The JSON fuzz target (Scripts/fuzz): the parser, schemas and serialization.
import HubFuzzing

@main
enum FuzzJSON {
    static func main() {
        FuzzMain.run(check: JSONChecks.check, show: { String(decoding: $0, as: UTF8.self) }) { data, size in
            JSONChecks.check(FuzzMain.bytes(data, size))
            return 0
        }
    }
}
