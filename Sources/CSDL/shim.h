#ifndef GESTURE_LAB_CSDL_SHIM_H
#define GESTURE_LAB_CSDL_SHIM_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>

#endif
