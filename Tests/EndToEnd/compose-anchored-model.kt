// A model of where Jetpack Compose Foundation 1.8's AnchoredDraggableState settles between two
// anchors, written from reading compose/foundation/foundation/src/commonMain/kotlin/androidx/
// compose/foundation/gestures/AnchoredDraggable.kt (DraggableAnchors.computeTarget,
// DefaultDraggableAnchors.closestAnchor, AnchoredDraggableDefaults.PositionalThreshold,
// AnchoredDraggableMinFlingVelocity) and re-expressed here, in Float as Compose computes, as the
// oracle Tests/EndToEnd/compose-boundary-oracle.py holds the lab's `compose` rule to.
//
// Arguments: DENSITY DISTANCE_DP. Input lines: PROGRESS VELOCITY_DP_PER_SECOND. Output: one line
// per input, F when it settles on the end anchor (the transition finishes), C on the start one.
import kotlin.math.abs

enum class Page { Shown, Dismissed }

/** Two anchors in the order a swipe-to-dismiss declares them: Shown at 0, Dismissed at `endPx`. */
class Anchors(endPx: Float) {
    private val keys = listOf(Page.Shown, Page.Dismissed)
    private val positions = floatArrayOf(0f, endPx)

    fun positionOf(page: Page): Float = positions[keys.indexOf(page)]

    /** The anchor nearest to `offset`; of equally near ones, the one declared last. */
    fun nearest(offset: Float): Page {
        var found = 0
        var best = Float.POSITIVE_INFINITY
        for (index in positions.indices) {
            val gap = abs(offset - positions[index])
            if (gap <= best) { found = index; best = gap }
        }
        return keys[found]
    }

    /** The nearest anchor at or beyond `offset` upwards (or downwards); last of equals. */
    fun nearestTowards(offset: Float, upwards: Boolean): Page {
        var found = 0
        var best = Float.POSITIVE_INFINITY
        for (index in positions.indices) {
            val delta = if (upwards) positions[index] - offset else offset - positions[index]
            val gap = if (delta < 0) Float.POSITIVE_INFINITY else delta
            if (gap <= best) { found = index; best = gap }
        }
        return keys[found]
    }
}

/** The anchor a release at `offset` px moving at `velocity` px/s settles on. */
fun settle(anchors: Anchors, offset: Float, velocity: Float, minimumVelocity: Float, positional: (Float) -> Float): Page {
    val moving = abs(velocity) > 0f
    val forwards = moving && velocity > 0f
    if (!moving) return anchors.nearest(offset)
    if (abs(velocity) >= abs(minimumVelocity)) return anchors.nearestTowards(offset, forwards)
    val behind = anchors.nearestTowards(offset, false)
    val ahead = anchors.nearestTowards(offset, true)
    val threshold = abs(positional(abs(anchors.positionOf(behind) - anchors.positionOf(ahead))))
    val leftFrom = if (forwards) anchors.positionOf(behind) else anchors.positionOf(ahead)
    val covered = abs(leftFrom - offset)
    return if (covered >= threshold) (if (forwards) ahead else behind) else (if (forwards) behind else ahead)
}

fun main(args: Array<String>) {
    val density = args[0].toDouble()
    val distancePx = (args[1].toDouble() * density).toFloat()
    val anchors = Anchors(distancePx)
    // 125.dp.toPx(); half the distance, as AnchoredDraggableDefaults.PositionalThreshold.
    val minimumVelocity = 125f * density.toFloat()
    val half: (Float) -> Float = { distance -> distance / 2f }
    val out = StringBuilder()
    while (true) {
        val line = readLine() ?: break
        if (line.isBlank()) continue
        val (progress, velocityDp) = line.trim().split(" ").map { it.toDouble() }
        val offset = (progress * distancePx).toFloat()
        val velocity = (velocityDp * density).toFloat()
        out.append(if (settle(anchors, offset, velocity, minimumVelocity, half) == Page.Dismissed) "F\n" else "C\n")
    }
    print(out)
}
