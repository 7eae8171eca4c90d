import HubCore
import HubRender
package import LuaBridge

/// The runtime's bindings: each owns its Lua references and serves the functions ``HubAPI``
/// lists, which this builds the `hub` table every folder shares and each folder's own from.
package struct RuntimeBindings {
    package let builders: BuilderBindings
    let errors: ErrorTables
    package let runner: ScriptRunner
    let operations: OperationBindings
    let actions: ActionBindings
    package let features: FeatureBindings
    let components: ComponentBindings
    let screens: ScreenBindings
    let schemas: SchemaBindings
    let json: JSONBindings
    let images: ImageBindings
    let http: HTTPBindings
    let store: StoreBindings
    /// Keeps changes of the store from rescheduling a chain more than so often.
    let dataRescheduling: DataRescheduling
    package let tests: TestBindings
    /// When `hub.sleep` outside an operation may let time pass.
    package let timePassing: TimePassingPermit
    /// The stacks of screens opened and still held, which hot reloading updates.
    let liveStacks = LiveStacks()
    /// Where scripts registered features, components and actions.
    package let ledger = RegistrationLedger()
    /// What whoever runs Hub grants the folders.
    let grants = GrantsBox()

    init(lua: LuaState, manager: HubManager, problems: ProblemLog) throws(LuaError) {
        builders = BuilderBindings()
        builders.register(lua.stack)
        errors = ErrorTables(lua: lua)
        let timePassing = TimePassingPermit(lua: lua)
        self.timePassing = timePassing
        runner = try ScriptRunner(lua: lua, loop: manager.loop, problems: problems, canPassTime: { timePassing.isGranted })
        operations = OperationBindings(runner: runner, problems: problems, errors: errors)
        actions = ActionBindings(runner: runner, manager: manager, problems: problems, ledger: ledger, grants: grants)
        features = FeatureBindings(
            lua: lua, manager: manager, operations: operations, actions: actions, problems: problems, ledger: ledger,
            grants: grants)
        components = ComponentBindings(lua: lua, registry: manager.componentRegistry, problems: problems, ledger: ledger)
        screens = ScreenBindings(
            lua: lua, manager: manager, runner: runner, errors: errors, problems: problems, liveStacks: liveStacks)
        tests = TestBindings(lua: lua, manager: manager, screens: screens)
        schemas = SchemaBindings(lua: lua, registry: manager.jsonSchemaRegistry, problems: problems)
        json = JSONBindings(manager: manager)
        images = ImageBindings(registry: manager.imageRegistry)
        http = HTTPBindings(lua: lua, manager: manager, runner: runner, errors: errors, problems: problems)
        store = StoreBindings(
            lua: lua, manager: manager, runner: runner, errors: errors, origin: StoreOrigins.next(), grants: grants)
        dataRescheduling = DataRescheduling(loop: manager.loop, problems: problems)
    }

    /// The `hub` table every folder shares: the shared names of ``HubAPI``.
    func sharedLibrary() throws(LuaError) -> LuaLibrary {
        try HubAPI.library(HubAPI.entries.compactMap(\.shared), at: self)
    }

    /// `folder`'s own `hub` table (over the shared one): the folder names of ``HubAPI``.
    package func folderLibrary(_ folder: FeatureFolder) throws(LuaError) -> LuaLibrary {
        try HubAPI.library(HubAPI.entries.compactMap(\.folder), at: HubAPI.FolderPlace(bindings: self, folder: folder))
    }

    /// Removes from the manager everything `folder` registered; returns its features.
    func rollBack(_ folder: FeatureFolder) -> [FeatureRegistration] {
        ledger.forget(folder: folder.path)
        components.rollBack(folder)
        schemas.rollBack(folder)
        actions.rollBack(folder)
        return features.rollBack(folder)
    }
}
