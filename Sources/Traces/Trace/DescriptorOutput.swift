import FoundationEssentials
import Glibc

/// Writing to a file descriptor the careful way: every byte, through short writes and
/// interrupted calls. The trace writer and the program's output files both write this way.
public enum DescriptorOutput {
    /// Writes all of `bytes` to `descriptor`; returns the `errno` of the write that failed, or
    /// nil when every byte was written.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
