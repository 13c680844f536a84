import Engine

/// Android's system back gesture (gesture navigation, predictive back), as SystemUI's
/// `EdgeBackGestureHandler` takes it: the touch must go down within the edge width; before its
/// threshold is crossed, a move more than the long-press timeout after the touch-down cancels
/// it, travel across the edge's axis beyond the slop and more than along it cancels it, a second
/// pointer cancels it, and travel along the axis beyond the slop and more than across it crosses
/// the threshold (either way: `Math.abs`): it pilfers the pointer, and the pan begins. The
/// touch slop is three quarters of the platform's (`getScaledTouchSlop() * 0.75`, the lab's axis
/// slop being Android's 8 dp). An ACTION_CANCEL cancels the back (`setTriggerBack(false)`); the
/// back itself, on ACTION_UP, is the policy's decision. Progress is the travel from the
/// touch-down (`mDownPoint`) over the window's extent.
///
/// Sources: AOSP `platform_frameworks_base`,
/// `packages/SystemUI/src/com/android/systemui/navigationbar/gestural/EdgeBackGestureHandler.java`
/// (`onMotionEvent`: ACTION_DOWN `isWithinTouchRegion` → `x < mEdgeWidthLeft + mLeftInset ||
/// x >= mDisplaySize.x - mEdgeWidthRight - mRightInset`; ACTION_POINTER_DOWN, `mLongPressTimeout`,
/// `dy > dx && dy > mTouchSlop`, `dx > dy && dx > mTouchSlop`, `cancelGesture`;
/// `updateCurrentUserResources`: `BACK_GESTURE_SLOP_MULTIPLIER` default 0.75;
/// `MAX_LONG_PRESS_TIMEOUT` = `gestures.back_timeout`, default 250 ms, taken with `Math.min` of
/// `ViewConfiguration.getLongPressTimeout()`, 400 ms), `GestureNavigationSettingsObserver.java`
/// (`getLeftSensitivity`: `config_backGestureInset` times the user's sensitivity scale),
/// `packages/overlays/NavigationBarModeGesturalOverlay/res/values/config.xml`
/// (`config_backGestureInset`: 20 dp, 30 dp in later releases) and WindowManager Shell's
/// `BackAnimationController.onMotionEvent` (ACTION_CANCEL: no back). The edge width is the
/// `edge-zone` tunable (20 pt = 20 dp). Not modelled: the pixel rounding of the edge width and of
/// `(int) ev.getX()` (for a whole number of pixels `x < width` is the same test), the bottom
/// gesture area and exclusion regions, the ML model that may narrow the zone, and the back
/// animation's non-linear progress.
struct AndroidBackGestureRecognizer: EdgePanRecognizer {
    let zone: EdgeZone
    var drag: DragRecognizer

    /// `EdgeBackGestureHandler`'s slop as a fraction of the platform touch slop (the default of
    /// `BACK_GESTURE_SLOP_MULTIPLIER`).
    static let slopMultiplier = 0.75
    /// The long-press timeout past which a touch that has not crossed the threshold is no back
    /// gesture, in seconds: `min(MAX_LONG_PRESS_TIMEOUT 250 ms, getLongPressTimeout() 400 ms)`.
    static let longPressTimeout = 0.250

    init(zone: EdgeZone, drag: DragRecognizer) {
        self.zone = zone
        self.drag = drag
    }

    /// Creates the recognizer for `edge` of a window of `screenSize` points, its drag past
    /// three quarters of the axis slop and more along than across.
    init(edge: ScreenEdge, screenSize: Size, tunables: GestureTunables = .standard,
         tracker: any VelocityTracker = VelocityEstimator.standard.makeTracker()) {
        var drag = DragRecognizer(axis: edge.axis, slop: tunables.axisSlop * Self.slopMultiplier, tracker: tracker)
        drag.needsDominantAxis = true
        self.init(zone: EdgeZone(edge: edge, screenSize: screenSize, tunables: tunables), drag: drag)
    }

    var policyDecidesPointerCancel: Bool { false }

    /// The handler's own edge test: `x < width` on the left, `x >= displayWidth - width` on the
    /// right (so a point exactly `width` from the right edge is in); the top and bottom, which
    /// Android's back gesture does not use, as the left.
    func isInEdge(_ point: Point) -> Bool {
        let distance = edge.distance(of: point, in: screenSize)
        return edge == .right ? distance <= zone.width : distance < zone.width
    }

    mutating func offer(_ down: PointerEvent) -> PointerOffer {
        guard isInEdge(down.position) || drag.state == .possible else { return .pass }
        return drag.offer(down)
    }

    mutating func move(_ event: PointerEvent) -> GestureDisposition? {
        guard drag.follows(event.pointerID), drag.state == .possible, !drag.hasPassedSlop else { return drag.move(event) }
        if event.timestamp - drag.downTime > Self.longPressTimeout {
            drag.abandon()
            return .rejected
        }
        let claim = drag.move(event)
        guard claim == nil, drag.travelAcross > drag.slop, drag.travelAcross > drag.axis.travel(drag.translation) else { return claim }
        drag.abandon()
        return .rejected
    }
}
