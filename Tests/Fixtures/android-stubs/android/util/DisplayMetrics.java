package android.util;

/** Stand-in: the density from the system property gesturelab.density (default 2). */
public class DisplayMetrics {
    public float density = Float.parseFloat(System.getProperty("gesturelab.density", "2"));
}
