import FoundationEssentials
import Glibc
import Synchronization

/// A progress bar on standard error for long runs, drawn only when standard error is a
/// terminal, so logs and pipes get nothing extra.
package final class ProgressBar: Sendable {
    private let total: Int
    private let label: String
    private let enabled: Bool
    /// Steps done, and the percentage last drawn.
    private let state = Mutex((done: 0, lastDrawn: -1))

    /// A bar for `total` steps named `label`.
    package init(total: Int, label: String) {
        self.total = max(total, 1)
        self.label = label
        enabled = Console.errorIsTerminal && total > 1
    }

    /// One more step done.
    package func advance() {
        guard enabled else { return }
        state.withLock { state in
            state.done += 1
            let percent = state.done * 100 / total
            guard percent != state.lastDrawn else { return }
            state.lastDrawn = percent
            draw(done: state.done)
        }
    }

    private func draw(done: Int) {
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        Console.rawError("\r\(label) [\(bar)] \(done)/\(total)")
        if done >= total { Console.rawError("\r\u{1B}[K") }
    }
}
