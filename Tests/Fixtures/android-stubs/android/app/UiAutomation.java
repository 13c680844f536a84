package android.app;

import android.view.InputEvent;
import java.util.ArrayList;
import java.util.List;

/** Stand-in: records every injected event. */
public final class UiAutomation {
    public static final List<InputEvent> INJECTED = new ArrayList<>();

    public boolean injectInputEvent(InputEvent event, boolean sync) {
        INJECTED.add(event);
        return true;
    }
}
