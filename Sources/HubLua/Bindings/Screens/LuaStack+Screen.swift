import HubCore
import HubRender
internal import LuaBridge

/// What a `hub.Screen` reads back as tables: its chain's statuses, its layout and its events.
extension LuaStack {
    /// `[-0, +1]` Pushes a list of the chain's operations: each one's `name`, `status`, `error`
    /// (as `errors` makes error tables), `runs`, `time` (milliseconds its last run took, or
    /// nil) and `instructions` (what its last run's budget counted, or nil).
    func push(chain statuses: [ContentOperationStatus], errors: ErrorTables) {
        newTable(array: statuses.count)
        for (offset, status) in statuses.enumerated() {
            newTable(record: 6)
            push(status.name); setRawField(-2, "name")
            push(status.phase.rawValue); setRawField(-2, "status")
            errors.push(self, status.error); setRawField(-2, "error")
            push(status.runs); setRawField(-2, "runs")
            if let time = status.lastRunMilliseconds { push(time) } else { pushNil() }
            setRawField(-2, "time")
            if let work = status.lastRunWork { push(work) } else { pushNil() }
            setRawField(-2, "instructions")
            setRawIndex(-2, offset + 1)
        }
    }

    /// `[-0, +1]` Pushes `failures` as a list of error tables, each with `outcome`: `"failed
    /// the view"`, `"silenced"`, `"replaced"` or `"pending"`, and `by`: the operation that was
    /// handed it (silenced: it finished normally; replaced: it failed with its own error).
    func push(failures: [ChainFailure], errors: ErrorTables) {
        newTable(array: failures.count)
        for (offset, failure) in failures.enumerated() {
            errors.push(self, failure.error)
            let (outcome, by): (String, String?) = switch failure.outcome {
            case .failedTheView: ("failed the view", nil)
            case .silenced(let operation): ("silenced", operation)
            case .replaced(let operation): ("replaced", operation)
            case .pending: ("pending", nil)
            }
            push(outcome)
            setRawField(-2, "outcome")
            if let by {
                push(by)
                setRawField(-2, "by")
            }
            setRawIndex(-2, offset + 1)
        }
    }

    /// `[-0, +1]` Pushes the frames of `layout`, the layout of `model`: `header`, `body`,
    /// `overlays` (each frame `id`, `x`, `y`, `width`, `height`) and `content_height`.
    func push(frames layout: ViewLayout, of model: ViewModel) {
        newTable(record: 4)
        if let header = model.header, let rect = layout.header { push(frame: rect, of: header) } else { pushNil() }
        setRawField(-2, "header")
        push(frames: layout.body, of: model.body)
        setRawField(-2, "body")
        push(frames: layout.overlays, of: model.overlays)
        setRawField(-2, "overlays")
        push(layout.contentHeight)
        setRawField(-2, "content_height")
    }

    /// `[-0, +1]` Pushes a list of the frames of `models`.
    private func push(frames rects: [Rect], of models: [ComponentModel]) {
        newTable(array: rects.count)
        for (offset, (model, rect)) in zip(models, rects).enumerated() {
            push(frame: rect, of: model)
            setRawIndex(-2, offset + 1)
        }
    }

    /// `[-0, +1]` Pushes the frame of `model`: its `id`, `x`, `y`, `width` and `height`.
    private func push(frame rect: Rect, of model: ComponentModel) {
        newTable(record: 5)
        push(model.identifier); setRawField(-2, "id")
        push(rect.x); setRawField(-2, "x")
        push(rect.y); setRawField(-2, "y")
        push(rect.width); setRawField(-2, "width")
        push(rect.height); setRawField(-2, "height")
    }

    /// `[-0, +1]` Pushes a list of `events`, each a table: `kind` (`"selected"`, `"did perform
    /// action"`, ...), `uri`, `component` and `detail` (or nil), and `text`, the whole event in
    /// one line.
    func push(events: [ScreenEvent]) {
        newTable(array: events.count)
        for (offset, event) in events.enumerated() {
            newTable(record: 5)
            push(event.kind.rawValue); setRawField(-2, "kind")
            push(event.viewURI); setRawField(-2, "uri")
            push(optional: event.component); setRawField(-2, "component")
            push(optional: event.detail); setRawField(-2, "detail")
            push(event.description); setRawField(-2, "text")
            setRawIndex(-2, offset + 1)
        }
    }
}
