import CCapturePage

/// The capture page's files as built into the binary (see `Sources/CCapturePage`), each its
/// text exactly.
enum CapturePageFiles {
    /// `capture.html`.
    static let captureHTML = String(cString: gesture_lab_capture_html())
    /// `capture.css`.
    static let captureCSS = String(cString: gesture_lab_capture_css())
    /// `measure.js`.
    static let measureJS = String(cString: gesture_lab_measure_js())
    /// `capture.js`.
    static let captureJS = String(cString: gesture_lab_capture_js())
    /// `study.js`.
    static let studyJS = String(cString: gesture_lab_study_js())
}
