#ifndef GESTURE_LAB_CSDL_SHIM_H
#define GESTURE_LAB_CSDL_SHIM_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>
#include <SDL_syswm.h>

/// The X server's time (milliseconds, the server's clock) of the X event behind an
/// SDL_SYSWMEVENT, for pointer and key events: 1 for a pointer event or 2 for a key event with
/// *time set, or 0 when there is none (not X11, or another kind of X event). SDL sends the SDL_SYSWMEVENT just before the SDL events
/// it makes of that X event, so the time belongs to them.
static inline int gesture_lab_x11_event_time(const SDL_Event *event, unsigned long *time) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) {
        return 0;
    }
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case MotionNotify: *time = x->xmotion.time; return 1;
    case ButtonPress: case ButtonRelease: *time = x->xbutton.time; return 1;
    case KeyPress: case KeyRelease: *time = x->xkey.time; return 2;
    default: return 0;
    }
#else
    (void)event;
    (void)time;
    return 0;
#endif
}

#endif
