#include "CPixels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// x / 255, truncated, for x up to 255 · 255 (checked for every such x by RowBlenderTests).
static inline uint32_t divide_by_255(uint32_t x) { return (x + 1 + (x >> 8)) >> 8; }

/// One pixel of gesture_lab_blend (gesture_lab_modulate is alpha 255).
static inline uint32_t blend_pixel(uint32_t source, uint32_t destination, uint32_t alpha, uint32_t level) {
    uint32_t result = 0xFF000000u;
    for (uint32_t shift = 0; shift < 24; shift += 8) {
        uint32_t modulated = divide_by_255(((source >> shift) & 0xFF) * level);
        uint32_t channel = divide_by_255(modulated * alpha) + divide_by_255(((destination >> shift) & 0xFF) * (255 - alpha));
        result |= channel << shift;
    }
    return result;
}

#if defined(__SSE2__)
/// x / 255, truncated, in each 16-bit lane holding a byte times a byte: (x · 0x8081) >> 23,
/// which is exact for every x below 65536.
static inline __m128i divide_lanes_by_255(__m128i x) {
    return _mm_srli_epi16(_mm_mulhi_epu16(x, _mm_set1_epi16((short)0x8081)), 7);
}
#endif

void gesture_lab_modulate(const uint32_t *source, uint32_t *destination, size_t count, uint8_t level) {
    size_t index = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i levels = _mm_set1_epi16(level);
    const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
    for (; index + 4 <= count; index += 4) {
        __m128i pixels = _mm_loadu_si128((const __m128i *)(source + index));
        __m128i low = divide_lanes_by_255(_mm_mullo_epi16(_mm_unpacklo_epi8(pixels, zero), levels));
        __m128i high = divide_lanes_by_255(_mm_mullo_epi16(_mm_unpackhi_epi8(pixels, zero), levels));
        _mm_storeu_si128((__m128i *)(destination + index), _mm_or_si128(_mm_packus_epi16(low, high), opaque));
    }
#endif
    for (; index < count; index++) destination[index] = blend_pixel(source[index], 0, 255, level);
}

void gesture_lab_blend(const uint32_t *source, uint32_t *destination, size_t count, uint8_t alpha, uint8_t level) {
    size_t index = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i levels = _mm_set1_epi16(level);
    const __m128i alphas = _mm_set1_epi16(alpha);
    const __m128i remainders = _mm_set1_epi16((short)(255 - alpha));
    const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
    const int modulates = level != 255;
    for (; index + 4 <= count; index += 4) {
        __m128i sources = _mm_loadu_si128((const __m128i *)(source + index));
        __m128i destinations = _mm_loadu_si128((const __m128i *)(destination + index));
        __m128i sourceLow = _mm_unpacklo_epi8(sources, zero);
        __m128i sourceHigh = _mm_unpackhi_epi8(sources, zero);
        // Modulating by 255 gives every byte back exactly, so an unshaded layer skips it.
        if (modulates) {
            sourceLow = divide_lanes_by_255(_mm_mullo_epi16(sourceLow, levels));
            sourceHigh = divide_lanes_by_255(_mm_mullo_epi16(sourceHigh, levels));
        }
        __m128i low = _mm_add_epi16(divide_lanes_by_255(_mm_mullo_epi16(sourceLow, alphas)),
                                    divide_lanes_by_255(_mm_mullo_epi16(_mm_unpacklo_epi8(destinations, zero), remainders)));
        __m128i high = _mm_add_epi16(divide_lanes_by_255(_mm_mullo_epi16(sourceHigh, alphas)),
                                     divide_lanes_by_255(_mm_mullo_epi16(_mm_unpackhi_epi8(destinations, zero), remainders)));
        _mm_storeu_si128((__m128i *)(destination + index), _mm_or_si128(_mm_packus_epi16(low, high), opaque));
    }
#endif
    for (; index < count; index++) destination[index] = blend_pixel(source[index], destination[index], alpha, level);
}

