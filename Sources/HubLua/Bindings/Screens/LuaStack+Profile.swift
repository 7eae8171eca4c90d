internal import LuaBridge

/// A profile as `s:profile(fn)` returns it.
extension LuaStack {
    /// `[-0, +1]` Pushes `profile` as a table: `text` (the table `hub profile` prints), `folded`
    /// (folded stacks), `every`, `samples` (how many), `operations` (each one's `name`, `view`,
    /// `runs`, `ms`, `script_ms`, `host_ms`, `wait_ms`, `waits` by kind, `instructions`,
    /// `allocated`), `functions` (`name`, `file`, `line`, `self`, `total`) and `lines` (`file`,
    /// `line`, `samples`), most samples first.
    func push(profile: Profile) {
        newTable(record: 7)
        push(profile.table()); setRawField(-2, "text")
        push(profile.foldedStacks); setRawField(-2, "folded")
        push(profile.every); setRawField(-2, "every")
        push(profile.samples.count); setRawField(-2, "samples")
        push(list: profile.operations) { stack, operation in
            stack.newTable(record: 10)
            stack.push(operation.name); stack.setRawField(-2, "name")
            stack.push(operation.view); stack.setRawField(-2, "view")
            stack.push(operation.runs); stack.setRawField(-2, "runs")
            stack.push(operation.milliseconds); stack.setRawField(-2, "ms")
            stack.push(operation.luaMilliseconds); stack.setRawField(-2, "script_ms")
            stack.push(operation.hostMilliseconds); stack.setRawField(-2, "host_ms")
            stack.push(operation.waitMilliseconds); stack.setRawField(-2, "wait_ms")
            stack.newTable(record: operation.waits.count)
            for (kind, milliseconds) in operation.waits {
                stack.push(milliseconds); stack.setRawField(-2, kind)
            }
            stack.setRawField(-2, "waits")
            stack.push(operation.instructions); stack.setRawField(-2, "instructions")
            stack.push(Int(clamping: operation.allocatedBytes)); stack.setRawField(-2, "allocated")
        }
        setRawField(-2, "operations")
        push(list: profile.functions) { stack, function in
            stack.newTable(record: 5)
            stack.push(function.frame.name); stack.setRawField(-2, "name")
            stack.push(function.frame.file); stack.setRawField(-2, "file")
            if let line = function.frame.line { stack.push(line) } else { stack.pushNil() }
            stack.setRawField(-2, "line")
            stack.push(function.selfSamples); stack.setRawField(-2, "self")
            stack.push(function.totalSamples); stack.setRawField(-2, "total")
        }
        setRawField(-2, "functions")
        push(list: profile.lines) { stack, line in
            stack.newTable(record: 3)
            stack.push(line.file); stack.setRawField(-2, "file")
            stack.push(line.line); stack.setRawField(-2, "line")
            stack.push(line.samples); stack.setRawField(-2, "samples")
        }
        setRawField(-2, "lines")
    }

    /// `[-0, +1]` Pushes a list with one value per element, each pushed by `push`.
    private func push<Element>(list elements: [Element], _ push: (LuaStack, Element) -> Void) {
        newTable(array: elements.count)
        for (offset, element) in elements.enumerated() {
            push(self, element)
            setRawIndex(-2, offset + 1)
        }
    }
}
