import Testing

@testable import HubCore

/// What a bridge uses to reach components by identifier (`BuilderHandles.swift`): a write that
/// creates makes the component last, once, with the write applied; one that does not create
/// leaves a missing component missing; handles by identifier see what builders see; a text
/// field set by position is the field of that position.
@Suite struct BuilderHandlesTests {
    @Test(arguments: [0, 1, ComponentChunk.capacity, ComponentChunk.capacity + 3])
    func modifyingCreatesOnlyWhenAskedAndOnlyOnce(existing: Int) {
        var list = ComponentList()
        for index in 0..<existing { list.ensure("c\(index)", defaults: .standard) }
        list.modify("missing", creatingWith: nil) { $0.fields.title = "never" }
        #expect(!list.contains("missing"))
        list.modify("new", creatingWith: .standard) { $0.fields.title = "made" }
        list.modify("new", creatingWith: .standard) { $0.fields.subtitle = "again" }
        #expect(list.order == (0..<existing).map { "c\($0)" } + ["new"])
        #expect(list["new"]?.fields.title == "made")
        #expect(list["new"]?.fields.subtitle == "again")
        if existing > 0 {
            list.modify("c0", creatingWith: .standard) { $0.fields.title = "first" }
            #expect(list.order.first == "c0")
            #expect(list["c0"]?.fields.title == "first")
        }
    }

    @Test func aCopyIsNotChangedByWritesThatCreate() {
        var list = ComponentList()
        list.ensure("a", defaults: .standard)
        let copy = list
        list.modify("a", creatingWith: .standard) { $0.fields.title = "changed" }
        list.modify("b", creatingWith: .standard) { $0.fields.title = "new" }
        #expect(copy.order == ["a"])
        #expect(copy["a"]?.fields.title == nil)
        #expect(list.order == ["a", "b"])
    }

    @Test func viewsReachBodyOverlayAndNestedComponentsByIdentifier() {
        let view = ViewModelBuilder()
        view.modifyComponents(in: .body) { edit in
            edit("row", true) { $0.fields.title = "row" }
            edit("ghost", false) { $0.fields.title = "ghost" }
            edit("row", true) { $0.fields.subtitle = "again" }
        }
        view.modifyComponents(in: .overlay) { edit in edit("toast", true) { $0.name = "toast" } }
        #expect(view.bodyBuilders.map(\.modelIdentifier) == ["row"])
        #expect(view.overlayBuilders.map(\.componentName) == ["toast"])
        #expect(view.componentBuilder(in: .body, "row").title == "row")
        #expect(view.componentBuilder(in: .body, "row").subtitle == "again")
        let ghost = view.componentBuilder(in: .body, "ghost")
        ghost.title = "detached"
        #expect(ghost.title == nil)
        #expect(!view.hasBody("ghost"))

        let row = view.componentBuilder(in: .body, "row")
        row.modifyChild("child", creating: true) { $0.fields.title = "child" }
        row.modifyChild("missing", creating: false) { $0.fields.title = "never" }
        #expect(row.childBuilders.map(\.title) == ["child"])
        #expect(row.childBuilder(existing: "child").title == "child")

        // A view nested in a target: the same, through its path.
        let nested = row.targetBuilder.initialViewModelBuilder
        nested.modifyComponents(in: .body) { edit in edit("inner", true) { $0.fields.subtitle = "inner" } }
        #expect(nested.componentBuilder(in: .body, "inner").subtitle == "inner")
        row.modify { $0.fields.accessoryTitle = "state" }
        let model = view.build()
        #expect(model.body[0].accessoryTitle == "state")
        #expect(model.body[0].target?.initialViewModel?.body.map(\.subtitle) == ["inner"])
    }

    @Test(arguments: ComponentFields.texts.indices)
    func aTextSetByPositionIsThatPositionsField(position: Int) {
        var fields = ComponentFields()
        fields.setText(at: position, to: "set")
        for (other, field) in ComponentFields.texts.enumerated() {
            #expect(fields[keyPath: field.keyPath] == (other == position ? "set" : nil))
        }
        fields.setText(at: position, to: nil)
        #expect(fields == ComponentFields())
    }
}
