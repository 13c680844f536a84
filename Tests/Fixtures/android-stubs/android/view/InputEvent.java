package android.view;

/** Stand-in. */
public abstract class InputEvent {}
