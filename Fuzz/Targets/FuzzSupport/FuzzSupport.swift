import FuzzDriver
import Foundation

/// What every fuzz target shares: starting libFuzzer from Swift's own entry point (SwiftPM links
/// executables with `--defsym main=<module>_main`, so libFuzzer's `main` cannot be it) and
/// copying its input into an array.
public enum LibFuzzer {
    public typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Hands the command line to libFuzzer's driver and exits with its status.
    public static func run(_ callback: Callback) -> Never {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments, callback))
    }

    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }
}
