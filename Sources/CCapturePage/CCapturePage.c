// #embed puts each file's bytes here at build time; the compiler's dependency file names them,
// so editing one rebuilds this. A NUL after each makes it a C string.
#include "CCapturePage.h"

static const char capture_html[] = {
#embed "../CapturePage/Page/capture.html"
    , 0
};

static const char capture_css[] = {
#embed "../CapturePage/Page/capture.css"
    , 0
};

static const char measure_js[] = {
#embed "../CapturePage/Page/measure.js"
    , 0
};

static const char capture_js[] = {
#embed "../CapturePage/Page/capture.js"
    , 0
};

static const char study_js[] = {
#embed "../CapturePage/Page/study.js"
    , 0
};

const char *gesture_lab_capture_html(void) { return capture_html; }
const char *gesture_lab_capture_css(void) { return capture_css; }
const char *gesture_lab_measure_js(void) { return measure_js; }
const char *gesture_lab_capture_js(void) { return capture_js; }
const char *gesture_lab_study_js(void) { return study_js; }
