package android.content.res;

import android.util.DisplayMetrics;

/** Stand-in. */
public class Resources {
    private final DisplayMetrics metrics = new DisplayMetrics();

    public DisplayMetrics getDisplayMetrics() { return metrics; }
}
