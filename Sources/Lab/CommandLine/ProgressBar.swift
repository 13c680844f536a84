import Foundation

/// A progress bar on standard error for long runs, drawn only when standard error is a
/// terminal, so logs and pipes get nothing extra.
package final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private var done = 0
    private var lastDrawn = -1
    private let lock = NSLock()

    /// A bar for `total` steps named `label`.
    package init(total: Int, label: String) {
        self.total = max(total, 1)
        self.label = label
        enabled = Console.errorIsTerminal && total > 1
    }

    /// One more step done.
    package func advance() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        done += 1
        let percent = done * 100 / total
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        Console.rawError("\r\(label) [\(bar)] \(done)/\(total)")
        if done >= total { Console.rawError("\r\u{1B}[K") }
    }
}
