package android.content;

import android.content.res.Resources;

/** Stand-in. */
public class Context {
    private final Resources resources = new Resources();

    public Resources getResources() { return resources; }
}
