package android.app;

import android.content.Context;

/** Stand-in. */
public class Instrumentation {
    private final UiAutomation automation = new UiAutomation();
    private final Context context = new Context();

    public UiAutomation getUiAutomation() { return automation; }
    public Context getTargetContext() { return context; }
    public void waitForIdleSync() {}
}
