package gesturelab

import android.app.UiAutomation
import android.view.MotionEvent
import org.junit.Test

/** Calls every @Test of GestureLabReplayTest in name order; prints each injected MotionEvent
 *  (INJECT method action flags downTime eventTime id:x:y...) and PASS or FAIL per test. */
fun main() {
    val tests = GestureLabReplayTest::class.java.declaredMethods.filter { it.isAnnotationPresent(Test::class.java) }.sortedBy { it.name }
    for (method in tests) {
        UiAutomation.INJECTED.clear()
        val outcome = try {
            method.invoke(GestureLabReplayTest())
            "PASS " + method.name
        } catch (error: java.lang.reflect.InvocationTargetException) {
            "FAIL " + method.name + ": " + (error.targetException.message ?: error.targetException.toString()).replace("\n", "\\n")
        }
        for (event in UiAutomation.INJECTED.filterIsInstance<MotionEvent>()) {
            val pointers = (0 until event.pointerCount).joinToString(" ") { i -> "" + event.getPointerId(i) + ":" + event.getX(i) + ":" + event.getY(i) }
            println("INJECT " + method.name + " " + event.action + " " + event.flags + " " + event.downTime + " " + event.eventTime + " " + pointers)
        }
        println(outcome)
    }
}
