/* The start-up reference of `gesture-lab bench --only startup`: the least an SDL2 program does
 * to show a frame (SDL's video started, a window opened, a renderer made, the window cleared
 * and presented), with the same window flags and renderer hints as the lab's window. It prints
 * the monotonic clock once the present returns, as `play --report-first-frame` does, so the
 * bench times both from launch the same way.
 *
 * Usage: bare-sdl-window WIDTH HEIGHT software|accelerated
 * Built by scripts/run-bench.sh: cc scripts/bare-sdl-window.c $(pkg-config --cflags --libs sdl2) */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[3], "software") != 0 && strcmp(argv[3], "accelerated") != 0)) {
        fprintf(stderr, "usage: %s WIDTH HEIGHT software|accelerated\n", argv[0]);
        return 2;
    }
    int width = atoi(argv[1]), height = atoi(argv[2]);
    int software = strcmp(argv[3], "software") == 0;
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "bare-sdl-window: cannot start SDL video: %s\n", SDL_GetError());
        return 4;
    }
    SDL_Window *window = SDL_CreateWindow("bare SDL2 window", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                          SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | SDL_WINDOW_SHOWN);
    if (!window) {
        fprintf(stderr, "bare-sdl-window: cannot open a window: %s\n", SDL_GetError());
        return 4;
    }
    SDL_Renderer *renderer = SDL_CreateRenderer(window, -1, software ? SDL_RENDERER_SOFTWARE : (SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC));
    if (!renderer) {
        fprintf(stderr, "bare-sdl-window: cannot make a renderer: %s\n", SDL_GetError());
        return 4;
    }
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
    SDL_RenderClear(renderer);
    SDL_RenderPresent(renderer);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    printf("first-frame-monotonic: %.9f\n", (double)now.tv_sec + (double)now.tv_nsec / 1e9);
    fflush(stdout);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
