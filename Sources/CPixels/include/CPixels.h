// The rasteriser's innermost loops that Swift cannot write as the machine can run them: rows of
// ARGB8888 pixels modulated and blended with SSE2 (every x86-64 processor has it), whose
// 16-bit "multiply high" divides a byte times a byte by 255 in two instructions, and a cache
// prefetch. Elsewhere (or without SSE2) the same arithmetic one pixel at a time.
#ifndef GESTURE_LAB_PIXELS_H
#define GESTURE_LAB_PIXELS_H

#include <stddef.h>
#include <stdint.h>

/// Writes `count` pixels of `source` darkened to `level` (0…255) into `destination`: every
/// colour channel c·level/255, truncated, alpha opaque. The two rows may be the same row.
void gesture_lab_modulate(const uint32_t *source, uint32_t *destination, size_t count, uint8_t level);

/// Draws `count` pixels of `source` over `destination`: each colour channel first modulated
/// (s·level/255), then s·alpha/255 + d·(255 − alpha)/255, each division truncated (SDL's own
/// blitters' arithmetic), alpha opaque.
void gesture_lab_blend(const uint32_t *source, uint32_t *destination, size_t count, uint8_t alpha, uint8_t level);

/// Asks for the cache line holding `address` to be read in ahead of its use.
static inline void gesture_lab_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
