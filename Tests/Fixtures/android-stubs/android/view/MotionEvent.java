package android.view;

/** Stand-in with the real constants and the shape of obtain(); keeps what it was given. */
public final class MotionEvent extends InputEvent {
    public static final int ACTION_DOWN = 0;
    public static final int ACTION_UP = 1;
    public static final int ACTION_MOVE = 2;
    public static final int ACTION_CANCEL = 3;
    public static final int ACTION_POINTER_DOWN = 5;
    public static final int ACTION_POINTER_UP = 6;
    public static final int ACTION_POINTER_INDEX_SHIFT = 8;
    public static final int TOOL_TYPE_FINGER = 1;

    public static final class PointerProperties {
        public int id;
        public int toolType;
    }

    public static final class PointerCoords {
        public float x;
        public float y;
        public float pressure;
        public float size;
        public float touchMajor;
        public float touchMinor;
    }

    private long downTime, eventTime;
    private int action, flags, source;
    private int[] ids;
    private float[] xs, ys, pressures, touchMajors;
    private boolean recycled;

    private MotionEvent() {}

    public static MotionEvent obtain(long downTime, long eventTime, int action, int pointerCount, PointerProperties[] pointerProperties,
                                     PointerCoords[] pointerCoords, int metaState, int buttonState, float xPrecision, float yPrecision,
                                     int deviceId, int edgeFlags, int source, int flags) {
        if (pointerCount < 1 || pointerCount > pointerProperties.length || pointerCount > pointerCoords.length) {
            throw new IllegalArgumentException("pointerCount " + pointerCount);
        }
        MotionEvent event = new MotionEvent();
        event.downTime = downTime;
        event.eventTime = eventTime;
        event.action = action;
        event.flags = flags;
        event.source = source;
        event.ids = new int[pointerCount];
        event.xs = new float[pointerCount];
        event.ys = new float[pointerCount];
        event.pressures = new float[pointerCount];
        event.touchMajors = new float[pointerCount];
        for (int i = 0; i < pointerCount; i++) {
            event.ids[i] = pointerProperties[i].id;
            event.xs[i] = pointerCoords[i].x;
            event.ys[i] = pointerCoords[i].y;
            event.pressures[i] = pointerCoords[i].pressure;
            event.touchMajors[i] = pointerCoords[i].touchMajor;
        }
        return event;
    }

    public void recycle() {
        if (recycled) throw new IllegalStateException("recycled twice");
        recycled = true;
    }

    public long getDownTime() { return downTime; }
    public long getEventTime() { return eventTime; }
    public int getAction() { return action; }
    public int getFlags() { return flags; }
    public int getSource() { return source; }
    public int getPointerCount() { return ids.length; }
    public int getPointerId(int index) { return ids[index]; }
    public float getX(int index) { return xs[index]; }
    public float getY(int index) { return ys[index]; }
    public float getPressure(int index) { return pressures[index]; }
    public float getTouchMajor(int index) { return touchMajors[index]; }
}
