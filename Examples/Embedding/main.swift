// Embedding Hub in a Swift program: first with no Lua at all, then with a Lua feature drawn by
// a Swift component, then the same feature from Swift concurrency. Built as
// `HubEmbeddingExample`; docs/embedding.md shows this file.

import Foundation
import HubCore
import HubLua
import HubRender

/// A Swift component: a price tag across the row, `[Apples ······ 3 €]`.
final class PriceTag: Component {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: containerSize.width, height: 1)
    }

    func render(_ model: ComponentModel, into canvas: TextCanvas) {
        let price = (model.accessoryTitle ?? "?") + " €]"
        let name = "[" + (model.title ?? "")
        let dots = String(repeating: "·", count: max(0, canvas.width - DisplayWidth.of(name) - DisplayWidth.of(price) - 2))
        canvas.text(0, 0, name + " " + dots + " " + price)
    }
}

// 1. Swift only: the manager owns the registries and opens screens, which draw themselves.
let manager = HubManager()
try manager.componentRegistry.register(BlockComponentFactory { $0 == "price" ? PriceTag() : nil }, forNamespace: "shop")
try manager.featureRegistry.register(FeatureRegistration(
    identifier: "fruit", viewURIPredicate: .exact("shop:fruit"), title: "Fruit",
    contentOperationFactories: [BlockContentOperationFactory { _ in
        [BlockContentOperation(name: "prices") { context in
            for (fruit, price) in [("Apples", 3), ("Pears", 4)] {
                let row = context.viewModelBuilder.bodyBuilder(fruit)
                row.componentIdentifier = Identifier(namespace: "shop", name: "price")
                row.title = fruit
                row.accessoryTitle = String(price)
            }
        }]
    }]))
let fruit = try manager.open("shop:fruit", options: ScreenOptions(width: 30))
print(fruit.render(), terminator: "")

// 2. Mixed: a Lua feature folder registers into the same manager and uses `shop:price`. A
// screen the runtime opened is rendered by the runtime, under its limits.
let runtime = try HubRuntime(manager: manager)
runtime.limits.instructionBudget = 50_000_000 // per call and per operation run (HubDefaults.Limits' unless set)
try runtime.loadFeatures(at: #filePath.replacingOccurrences(of: "main.swift", with: "Basket"))
let basket = try runtime.open("shop:basket", options: ScreenOptions(width: 30))
print(try runtime.render(basket), terminator: "")

// 3. Async: a runtime on a thread of its own, for Swift concurrency (a server's routes, an
// app's tasks). Any task may open views, many at once, without blocking the thread it runs on.
let hub = try await AsyncHubRuntime {
    let runtime = try HubRuntime()
    try runtime.manager.componentRegistry.register(BlockComponentFactory { $0 == "price" ? PriceTag() : nil }, forNamespace: "shop")
    try runtime.loadFeatures(at: #filePath.replacingOccurrences(of: "main.swift", with: "Basket"))
    return runtime
}
let drawn = try await withThrowingTaskGroup(of: (Int, String).self) { group in
    for width in [24, 30] {
        group.addTask { (width, try await hub.open("shop:basket", options: ScreenOptions(width: width)).render()) }
    }
    var drawn: [Int: String] = [:]
    for try await (width, text) in group { drawn[width] = text }
    return drawn
}
for width in drawn.keys.sorted() { print(drawn[width] ?? "", terminator: "") }
