package org.junit;

import java.util.Objects;

/** Stand-in for the JUnit 4 assertions the exported test uses. */
public final class Assert {
    private Assert() {}

    public static void assertEquals(String message, Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) throw new AssertionError(message + ": expected " + expected + " but was " + actual);
    }

    public static void assertEquals(String message, float expected, float actual, float delta) {
        if (!(Math.abs(expected - actual) <= delta)) throw new AssertionError(message + ": expected " + expected + " but was " + actual + " (delta " + delta + ")");
    }

    public static void assertTrue(String message, boolean condition) {
        if (!condition) throw new AssertionError(message);
    }
}
