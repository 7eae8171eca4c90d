// The DSL fuzz target (Scripts/fuzz): Lua scripts generated from Hub's DSL.
import HubFuzzing

@main
enum FuzzDSL {
    static func main() {
        FuzzMain.run(check: DSLChecks.check, show: { var generator = DSLScriptGenerator($0); return generator.generate() }) { data, size in
            DSLChecks.check(FuzzMain.bytes(data, size))
            return 0
        }
    }
}
