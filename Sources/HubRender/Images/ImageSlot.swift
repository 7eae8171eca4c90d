import HubCore

/// Where on a component model an image sits.
enum ImageSlot: Hashable {
    case main
    case background
    case custom(String)
}

extension ComponentModel {
    /// The image data in `slot`: `main`, `background`, or a custom image's key.
    func imageData(in slot: ImageSlot) -> ComponentImageData? {
        switch slot {
        case .main: return mainImageData
        case .background: return backgroundImageData
        case .custom(let identifier): return customImageData[identifier]
        }
    }

    /// Every image slot that has image data, main and background first, then custom ones by key.
    var imageSlots: [ImageSlot] {
        var slots: [ImageSlot] = []
        if mainImageData != nil { slots.append(.main) }
        if backgroundImageData != nil { slots.append(.background) }
        slots += customImageData.keys.sorted().map(ImageSlot.custom)
        return slots
    }
}
