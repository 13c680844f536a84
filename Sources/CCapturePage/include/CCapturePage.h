// The capture page's files (Sources/CapturePage/Page), built into the binary by the C
// compiler's #embed, so gesture-lab stays one file while the page lives in files a browser, a
// linter, Node and a diff read. Each function returns the file's UTF-8 text, NUL-terminated.
#ifndef GESTURE_LAB_CAPTURE_PAGE_H
#define GESTURE_LAB_CAPTURE_PAGE_H

/// capture.html: the page, with the places the lab fills.
const char *gesture_lab_capture_html(void);
/// capture.css: the page's style.
const char *gesture_lab_capture_css(void);
/// measure.js: the lab's measurement in JavaScript.
const char *gesture_lab_measure_js(void);
/// capture.js: the page's script.
const char *gesture_lab_capture_js(void);
/// study.js: the study mode.
const char *gesture_lab_study_js(void);

#endif
