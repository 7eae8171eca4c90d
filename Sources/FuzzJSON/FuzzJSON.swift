// The JSON fuzz target (Scripts/fuzz): the parser, schemas and serialization.
import HubFuzzing

@main
enum FuzzJSON {
    static func main() {
        FuzzMain.run(check: JSONChecks.check) { data, size in
            JSONChecks.check(FuzzMain.bytes(data, size))
            return 0
        }
    }
}
