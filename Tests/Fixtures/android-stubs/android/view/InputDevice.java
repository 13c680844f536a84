package android.view;

/** Stand-in: the source of a touch screen's events. */
public final class InputDevice {
    private InputDevice() {}
    public static final int SOURCE_TOUCHSCREEN = 0x00001002;
}
