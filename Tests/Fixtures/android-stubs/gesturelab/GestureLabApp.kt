package gesturelab

import java.io.File

/** The hook a user writes, for the stand-in run: the app's origin on screen is (10, 20) px, and what
 *  "the app decided" is read from the file named by the system property gesturelab.releases
 *  (lines: trace TAB gesture TAB decision TAB velocity or -). */
object GestureLabApp {
    fun launch(trace: String) {
        println("LAUNCH " + escape(trace))
    }

    fun originPx(): FloatArray = floatArrayOf(10f, 20f)

    fun releases(trace: String, gesture: Int): List<GestureLabRelease> {
        val file = File(System.getProperty("gesturelab.releases"))
        return file.readLines().map { it.split('\t') }.filter { it.size == 4 && it[0] == escape(trace) && it[1].toInt() == gesture }
            .map { GestureLabRelease(it[2], if (it[3] == "-") null else it[3].toFloat()) }
    }

    /** The trace's name on one line: backslashes, tabs and line breaks escaped. */
    fun escape(text: String): String = text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
}
