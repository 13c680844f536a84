package androidx.test.platform.app;

import android.app.Instrumentation;

/** Stand-in. */
public final class InstrumentationRegistry {
    private static final Instrumentation INSTRUMENTATION = new Instrumentation();

    private InstrumentationRegistry() {}
    public static Instrumentation getInstrumentation() { return INSTRUMENTATION; }
}
