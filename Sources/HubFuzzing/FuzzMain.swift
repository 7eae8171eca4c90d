import Foundation

#if FUZZING
/// libFuzzer's driver: runs the fuzzer with the command line, calling `callback` per input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif

/// The `main` of a fuzz program: built with `-DFUZZING` (and `-sanitize=fuzzer`), it hands the
/// command line to libFuzzer, which calls `callback` per input; built normally, it replays the
/// files named on the command line (the corpus, or inputs a fuzzer saved), or with `--show`
/// prints them as `show` describes them.
public enum FuzzMain {
    public static func run(
        check: ([UInt8]) -> Void, show: ([UInt8]) -> String,
        callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, callback))
        #else
        CorpusReplay.run(Array(CommandLine.arguments.dropFirst()), check: check, show: show)
        exit(0)
        #endif
    }

    /// The bytes of a fuzzer's input.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
