/// The capture page's HTML, CSS and JavaScript, with three places ``CapturePage`` fills: the
/// configuration (`/*CONFIG*/null`), the rule (`/*RULE*/`) and what the page may connect to
/// (`/*CONNECT*/`). No network, no external files: the Content-Security-Policy lets the page
/// load nothing, and connect only to the server that served it when `play --serve` does.
///
/// They live in `Sources/CapturePage/Page` (`capture.html`, `capture.css`, and the script in three files:
/// `measure.js`, the lab's measurement, `capture.js`, the page, and `study.js`, its study mode),
/// where a browser, a linter, Node and a diff read them; the build puts them in the binary
/// (`CapturePageFiles`, from `Sources/CCapturePage`), and this joins them into one page.
package enum CapturePageTemplate {
    /// The page's text: the HTML with its style and script written inline.
    package static let text: String = {
        var html = CapturePageFiles.captureHTML
        if html.hasSuffix("\n") { html.removeLast() }
        return html.replacing("/*STYLE*/\n", with: CapturePageFiles.captureCSS)
            .replacing("/*SCRIPT*/\n", with: CapturePageFiles.measureJS + CapturePageFiles.captureJS + CapturePageFiles.studyJS)
    }()
}
