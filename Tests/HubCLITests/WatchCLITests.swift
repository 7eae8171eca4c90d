import Foundation
import HubTestThreads
import Testing

/// `hub watch` on a copy of Examples/Cities, edited while it runs.
@Suite(.offThePool) struct WatchCLITests {
    /// A copy of Examples/Cities in a new temporary folder.
    private func copyOfCities() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-watch-\(UUID().uuidString)/Cities")
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: HubProcess.packageRoot.appendingPathComponent("Examples/Cities"), to: folder)
        return folder
    }

    /// Writes the images operation of `folder` with `title` as the view's title (or with a
    /// syntax error when `broken`).
    private func writeImages(_ folder: URL, title: String, broken: Bool = false) throws {
        let url = folder.appendingPathComponent("operations/images.lua")
        var text = try String(contentsOf: url, encoding: .utf8)
        if let range = text.range(of: "\n-- edited:") { text = String(text[..<range.lowerBound]) }
        text += "\n-- edited:\nlocal operation = ...\n"
        text = text.replacingOccurrences(of: "return hub.operation {", with: "local images = hub.operation {")
        text += """
            local perform = images.perform
            images.perform = function(ctx)
              perform(ctx)
              ctx.view.title = \(broken ? "(" : "") "\(title)"
            end
            return images

            """
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    @Test func addingAnOperationFileAndDeletingItAgainReloadsTheFolderEachTime() throws {
        let folder = try copyOfCities()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let watch = try LiveProcess(["watch", "--features", folder.path, "cities:overview", "--width", "40", "--chain"])
        #expect(watch.wait { output, _ in output.withoutRunMeasures.contains("rows: finished, 1 run; images: finished, 1 run\n") })
        let extra = folder.appendingPathComponent("operations/extra.lua")
        let feature = folder.appendingPathComponent("feature.lua")
        let original = try String(contentsOf: feature, encoding: .utf8)
        try #"return hub.operation { name = "extra", perform = function(ctx) ctx.view:body("extra").title = "Extra row" end }"#
            .write(to: extra, atomically: true, encoding: .utf8)
        try original.replacingOccurrences(of: "operations = { require(\"operations.rows\")", with: "operations = { require(\"operations.extra\"), require(\"operations.rows\")")
            .write(to: feature, atomically: false, encoding: .utf8)
        #expect(watch.wait { output, _ in output.withoutRunMeasures.contains("extra: finished, 1 run; rows: finished, 1 run") }, "\(watch.outputText)\n\(watch.errorText)")
        #expect(watch.outputText.contains(" Extra row\n"))
        // Deleting the file feature.lua still requires: the last good version stays, and says why.
        try FileManager.default.removeItem(at: extra)
        #expect(watch.wait { _, errors in errors.contains("reload failed, the last good version stays: ") && errors.contains("operations.extra") },
            "\(watch.errorText)")
        try original.write(to: feature, atomically: false, encoding: .utf8)
        // Restored: the folder reloads, and the last view drawn has no extra row again.
        #expect(watch.wait { output, _ in
            let last = output.components(separatedBy: " ms)\n").dropLast().last ?? ""
            return last.withoutRunMeasures.contains("\nrows: finished, 1 run; images: finished, 1 run\n") && !last.contains("Extra row")
        }, "\(watch.outputText)\n\(watch.errorText)")
    }

    @Test func theChainGivesEachOperationsTimeAndInstructions() throws {
        let watch = try LiveProcess(["watch", "--features", "Examples/Cities", "cities:overview", "--width", "40", "--chain", "--reloads", "0"])
        #expect(watch.wait { output, _ in output.contains("images: finished") }, "\(watch.outputText)\n\(watch.errorText)")
        let chain = try #require(watch.outputText.split(separator: "\n").first { $0.hasPrefix("rows: ") }.map(String.init))
        let measures = #/ \([0-9]+\.[0-9] ms, [1-9][0-9]* instructions\)/#
        #expect(chain.matches(of: measures).count == 2, "\(chain)")
        #expect(chain.withoutRunMeasures == "rows: finished, 1 run; images: finished, 1 run", "\(chain)")
    }

    @Test func theViewRedrawsWhenAnOperationReschedulesItselfWithNoFileEdited() throws {
        let watch = try LiveProcess(["watch", "--features", "Tests/HubCLITests/Fixtures/Ticking", "ticking:view", "--width", "30", "--chain"])
        #expect(watch.wait { output, _ in output.withoutRunMeasures.contains("tick: finished, 3 runs\n") }, "\(watch.outputText)\n\(watch.errorText)")
        let views = watch.outputText.components(separatedBy: "tick: finished, ")
        #expect(views.contains { $0.contains(" run 1\n") } && views.contains { $0.contains(" run 2\n") } && views.last?.hasPrefix("3 runs") == true,
            "\(watch.outputText)")
    }

    @Test func editsReloadOnlyWhatChangedAndABrokenEditKeepsTheLastLayoutUntilFixed() throws {
        let folder = try copyOfCities()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let watch = try LiveProcess(["watch", "--features", folder.path, "cities:overview", "--width", "40", "--chain"])
        #expect(watch.wait { output, _ in output.withoutRunMeasures.contains("rows: finished, 1 run; images: finished, 1 run\n") })

        try writeImages(folder, title: "Edited")
        #expect(watch.wait { output, _ in output.contains("                 Edited\n") }, "\(watch.outputText)\n\(watch.errorText)")
        #expect(watch.outputText.withoutRunMeasures.contains("rows: finished, 1 run; images: finished, 2 runs\n"), "rows did not run again")
        #expect(watch.errorText.contains("reloaded \(folder.path)/operations/images.lua: operations, 1 view(s) rescheduled"))

        try writeImages(folder, title: "Broken", broken: true)
        #expect(watch.wait { _, errors in errors.contains("reload failed, the last good version stays: ") })
        #expect(watch.errorText.contains("Cities/operations/images.lua:"))
        #expect(watch.wait { output, _ in output.components(separatedBy: " ms)\n").count == 3 }, "a layout after the broken edit")
        let afterBroken = watch.outputText.components(separatedBy: " ms)\n")[1]
        #expect(afterBroken.contains("                 Edited\n"), "the previous layout stays")
        #expect(afterBroken.withoutRunMeasures.contains("rows: finished, 1 run; images: finished, 2 runs\n+0 −0 ~0 ("), "nothing ran")

        try writeImages(folder, title: "Fixed")
        #expect(watch.wait { output, _ in output.contains("                 Fixed\n") }, "fixing the edit recovers")
        #expect(watch.outputText.withoutRunMeasures.contains("images: finished, 3 runs\n"))
    }

    @Test func aComponentErrorOnceFixedIsNotReportedAgainByAWholeFolderReload() throws {
        let folder = try copyOfCities()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let watch = try LiveProcess(["watch", "--features", folder.path, "cities:overview", "--width", "40"])
        #expect(watch.wait { output, _ in output.contains("Madrid") })
        let row = folder.appendingPathComponent("components/row.lua")
        let good = try String(contentsOf: row, encoding: .utf8)
        try good.replacingOccurrences(of: "return container.width, 2", with: "error(\"broken row\")")
            .write(to: row, atomically: false, encoding: .utf8)
        #expect(watch.wait { _, errors in errors.contains("broken row — component 'cities:row', size, components/row.lua:6\n") }, "\(watch.errorText)")
        try good.write(to: row, atomically: false, encoding: .utf8)
        #expect(watch.wait { _, errors in errors.components(separatedBy: "reloaded ").count == 3 }, "\(watch.errorText)")
        try (try String(contentsOf: folder.appendingPathComponent("feature.lua"), encoding: .utf8) + "-- touched\n")
            .write(to: folder.appendingPathComponent("feature.lua"), atomically: false, encoding: .utf8)
        #expect(watch.wait { _, errors in errors.contains("the whole feature folder\n") }, "\(watch.errorText)")
        #expect(watch.wait { output, _ in output.components(separatedBy: " ms)\n").count == 4 }, "a layout after each reload")
        #expect(watch.errorText.components(separatedBy: "broken row").count == 2, "reported once: \(watch.errorText)")
    }

    /// Under AddressSanitizer memory only grows (its quarantine keeps what is freed), so
    /// Scripts/sanitize skips this one.
    @Test func aHundredEditsLeaveMemoryAndOpenFilesFlat() throws {
        let folder = try copyOfCities()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let watch = try LiveProcess(["watch", "--features", folder.path, "cities:overview", "--width", "40", "--chain"])
        #expect(watch.wait { output, _ in output.withoutRunMeasures.contains("rows: finished, 1 run; images: finished, 1 run\n") })
        var memory: [Int] = []
        var files: [Int] = []
        for cycle in 1...100 {
            try writeImages(folder, title: "Cycle \(cycle)")
            #expect(watch.wait { output, _ in output.contains(" Cycle \(cycle)\n") })
            if cycle == 10 || cycle == 100 {
                memory.append(watch.residentKilobytes)
                files.append(watch.openFiles)
            }
        }
        #expect(files[1] == files[0], "open files: \(files)")
        #expect(Double(memory[1]) < Double(memory[0]) * 1.1, "resident memory (KB) after 10 and 100 edits: \(memory)")
        #expect(watch.outputText.withoutRunMeasures.contains("rows: finished, 1 run; images: finished, 101 runs\n"))
    }
}
