import Engine
import Interaction

/// Writes the Android test: an instrumentation test (JUnit 4) whose every gesture is a sequence
/// of `MotionEvent.obtain(downTime, eventTime, …)` events, multi-touch with pointer ids and
/// `ACTION_POINTER_DOWN`/`UP` with the pointer's index shifted into the action, injected through
/// `UiAutomation.injectInputEvent` when their times come. Kotlin, written so that Kotlin 1.3
/// compiles it too (no trailing commas).
struct AndroidTestWriter {
    var header: TestFileHeader

    /// Bytes of one gesture's data per Kotlin raw string at most: a raw string is one
    /// class-file constant, which holds at most 65,535 bytes.
    static let bytesPerLiteral = 32_768

    /// One `MotionEvent`, as a line of the test's data: `MILLISECONDS ACTION[@INDEX][!] ID:X:Y[:PRESSURE:SIZE]...`
    /// (`!`: `FLAG_CANCELED`), positions and sizes in dp, every pointer in contact in id order.
    static func motionEvents(_ events: [PointerEvent]) -> [String] {
        var contact = MotionEventContact()
        var lines: [String] = []
        var position = 0
        while position < events.count {
            let event = events[position]
            switch event.phase {
            case .down:
                let first = contact.isEmpty
                contact.press(event)
                lines.append(contact.line(event.timestamp, first ? "DOWN" : "POINTER_DOWN@\(contact.index(event.pointerID))"))
                position += 1
            case .move:
                // Moves of different pointers at one time are one ACTION_MOVE.
                var moved: Set<Int> = []
                while position < events.count && events[position].phase == .move && events[position].timestamp == event.timestamp
                        && !moved.contains(events[position].pointerID) {
                    moved.insert(events[position].pointerID)
                    contact.update(events[position])
                    position += 1
                }
                lines.append(contact.line(event.timestamp, "MOVE"))
            case .up:
                contact.update(event)
                lines.append(contact.line(event.timestamp, contact.count == 1 ? "UP" : "POINTER_UP@\(contact.index(event.pointerID))"))
                contact.lift(event.pointerID)
                position += 1
            case .cancel:
                var cancelled: Set<Int> = []
                var next = position
                while next < events.count && events[next].phase == .cancel && events[next].timestamp == event.timestamp {
                    cancelled.insert(events[next].pointerID)
                    next += 1
                }
                if cancelled == contact.pointerIDs {
                    // Every pointer at once: ACTION_CANCEL.
                    lines.append(contact.line(event.timestamp, "CANCEL"))
                    for pointer in cancelled { contact.lift(pointer) }
                    position = next
                } else {
                    // One pointer of several: ACTION_POINTER_UP with FLAG_CANCELED (API 33); the last one: ACTION_CANCEL.
                    lines.append(contact.line(event.timestamp, contact.count == 1 ? "CANCEL" : "POINTER_UP@\(contact.index(event.pointerID))!"))
                    contact.lift(event.pointerID)
                    position += 1
                }
            }
        }
        return lines
    }

    var text: String {
        let language = CodeLanguage.kotlin
        let number = { (value: Double) in language.number(value) }
        var lines = header.lines
        lines += [
            "",
            "package gesturelab",
            "",
            "import android.os.SystemClock",
            "import android.view.InputDevice",
            "import android.view.MotionEvent",
            "import androidx.test.platform.app.InstrumentationRegistry",
            "import org.junit.Assert.assertEquals",
            "import org.junit.Assert.assertTrue",
            "import org.junit.Test",
            "",
            "/** What the app decided for one release: \"finish\" or \"cancel\", and the release velocity in dp per second towards finishing (null: not asserted). */",
            "data class GestureLabRelease(val decision: String, val velocity: Float?)",
            "",
            "/** A gesture: the trace's index of its first event, its MotionEvents (one a line: milliseconds from the trace's first event,",
            " *  the action, with @INDEX for a pointer's index and ! for FLAG_CANCELED, then id:x:y[:pressure:size] per pointer, in dp),",
            " *  and what gesture-lab decided for each release. */",
            "class RecordedGesture(val firstEvent: Int, val motionEvents: List<String>, val releases: List<GestureLabRelease>)",
            "",
            "class RecordedTrace(val name: String, val gestures: List<RecordedGesture>)",
            "",
            "class GestureLabReplayTest {",
        ]
        for (index, trace) in header.traces.enumerated() {
            lines.append("    @Test fun trace\(index + 1)_\(CodeLanguage.identifier(trace.name))() = replay(Trace\(index + 1).trace)")
        }
        lines += [
            "",
            "    private fun replay(trace: RecordedTrace) {",
            "        val instrumentation = InstrumentationRegistry.getInstrumentation()",
            "        GestureLabApp.launch(trace.name)",
            "        instrumentation.waitForIdleSync()",
            "        val density = instrumentation.targetContext.resources.displayMetrics.density",
            "        val origin = GestureLabApp.originPx()",
            "        for ((index, gesture) in trace.gestures.withIndex()) {",
            "            play(gesture, origin, density)",
            "            instrumentation.waitForIdleSync()",
            "            check(trace.name + \": gesture \" + (index + 1), GestureLabApp.releases(trace.name, index + 1), gesture.releases)",
            "        }",
            "    }",
            "",
            "    /** Injects each MotionEvent when its time comes, stamped with its recorded time (SystemClock.uptimeMillis). */",
            "    private fun play(gesture: RecordedGesture, origin: FloatArray, density: Float) {",
            "        val automation = InstrumentationRegistry.getInstrumentation().uiAutomation",
            "        val events = gesture.motionEvents.flatMap { it.lines() }.map { it.trim() }.filter { it.isNotEmpty() }",
            "        val first = events[0].substringBefore(' ').toLong()",
            "        val downTime = SystemClock.uptimeMillis() + LEAD_MILLISECONDS",
            "        for (line in events) {",
            "            val fields = line.split(' ')",
            "            val eventTime = downTime + fields[0].toLong() - first",
            "            val pointers = fields.subList(2, fields.size)",
            "            val properties = Array(pointers.size) { MotionEvent.PointerProperties() }",
            "            val coords = Array(pointers.size) { MotionEvent.PointerCoords() }",
            "            for ((i, pointer) in pointers.withIndex()) {",
            "                val values = pointer.split(':')",
            "                properties[i].id = values[0].toInt()",
            "                properties[i].toolType = MotionEvent.TOOL_TYPE_FINGER",
            "                coords[i].x = origin[0] + values[1].toFloat() * density",
            "                coords[i].y = origin[1] + values[2].toFloat() * density",
            "                coords[i].pressure = if (values.size > 3) values[3].toFloat() else 1f",
            "                if (values.size > 4) {",
            "                    coords[i].touchMajor = values[4].toFloat() * density",
            "                    coords[i].touchMinor = coords[i].touchMajor",
            "                }",
            "            }",
            "            val action = fields[1].substringBefore('@').removeSuffix(\"!\")",
            "            val index = if (fields[1].contains('@')) fields[1].substringAfter('@').removeSuffix(\"!\").toInt() else 0",
            "            val flags = if (fields[1].endsWith(\"!\")) FLAG_CANCELED else 0",
            "            val masked = when (action) {",
            "                \"DOWN\" -> MotionEvent.ACTION_DOWN",
            "                \"MOVE\" -> MotionEvent.ACTION_MOVE",
            "                \"UP\" -> MotionEvent.ACTION_UP",
            "                \"CANCEL\" -> MotionEvent.ACTION_CANCEL",
            "                \"POINTER_DOWN\" -> MotionEvent.ACTION_POINTER_DOWN",
            "                \"POINTER_UP\" -> MotionEvent.ACTION_POINTER_UP",
            "                else -> throw IllegalArgumentException(\"unknown action in: \" + line)",
            "            }",
            "            val wait = eventTime - SystemClock.uptimeMillis()",
            "            if (wait > 0) SystemClock.sleep(wait)",
            "            val event = MotionEvent.obtain(downTime, eventTime, masked or (index shl MotionEvent.ACTION_POINTER_INDEX_SHIFT),",
            "                pointers.size, properties, coords, 0, 0, 1f, 1f, 0, 0, InputDevice.SOURCE_TOUCHSCREEN, flags)",
            "            try {",
            "                assertTrue(\"injecting \" + line, automation.injectInputEvent(event, true))",
            "            } finally {",
            "                event.recycle()",
            "            }",
            "        }",
            "    }",
            "",
            "    private fun check(where: String, got: List<GestureLabRelease>, lab: List<GestureLabRelease>) {",
            "        assertEquals(where + \": the decisions of gesture-lab (expected) and of the app (actual)\", lab.map { it.decision }, got.map { it.decision })",
            "        for ((i, release) in got.withIndex()) {",
            "            val velocity = release.velocity ?: continue",
            "            val labVelocity = lab[i].velocity ?: continue",
            "            val allowed = Math.max(VELOCITY_TOLERANCE_ABSOLUTE, VELOCITY_TOLERANCE_RELATIVE * Math.abs(labVelocity))",
            "            assertEquals(where + \", release \" + (i + 1) + \": velocity in dp/s\", labVelocity, velocity, allowed)",
            "        }",
            "    }",
            "",
            "    companion object {",
            "        const val VELOCITY_TOLERANCE_ABSOLUTE = \(number(header.tolerance.absolute)) // dp per second",
            "        const val VELOCITY_TOLERANCE_RELATIVE = \(number(header.tolerance.relative))",
            "        const val LEAD_MILLISECONDS = 50L",
            "        /** MotionEvent.FLAG_CANCELED, by value: the constant is API 33 (Lint's InlinedApi below that); earlier Android ignores the flag. */",
            "        const val FLAG_CANCELED = 0x20",
            "    }",
            "}",
        ]
        for (index, trace) in header.traces.enumerated() {
            lines.append("")
            lines += TestFileHeader.traceComment(trace, language: language, indent: "")
            // An object per trace: each initializes its own data, within the JVM's 64 KiB of code per method.
            lines += ["private object Trace\(index + 1) {", "    val trace = RecordedTrace(", "    \(language.stringLiteral(trace.name)),", "    listOf("]
            for (gestureIndex, gesture) in trace.gestures.enumerated() {
                lines.append(TestFileHeader.releaseComment(gesture, number: gestureIndex + 1, language: language, indent: "        "))
                var chunks: [[String]] = [[]]
                var bytes = 0
                for event in Self.motionEvents(gesture.events) {
                    if bytes + event.utf8.count + 13 > Self.bytesPerLiteral && !chunks[chunks.count - 1].isEmpty {
                        chunks.append([])
                        bytes = 0
                    }
                    chunks[chunks.count - 1].append("            " + event)
                    bytes += event.utf8.count + 13
                }
                let literals = chunks.map { "\"\"\"\n" + $0.joined(separator: "\n") + "\n            \"\"\"" }
                let releases = gesture.releases.map { "GestureLabRelease(\"\($0.decision.rawValue)\", \($0.velocity.map(number) ?? "null"))" }
                lines.append("        RecordedGesture(\(gesture.firstEventIndex), listOf(\(literals.joined(separator: ", "))), listOf(\(releases.joined(separator: ", "))))"
                             + (gestureIndex == trace.gestures.count - 1 ? "" : ","))
            }
            lines += ["    )", "    )", "}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The pointers in contact as Android numbers them: ids from 0 (the smallest free), each
/// event's pointers in id order, so a pointer's index is the number of smaller ids.
private struct MotionEventContact {
    private struct Pointer {
        var id: Int
        var position: Point
        var pressure: Double?
        var size: Double?
    }
    private var pointers: [Int: Pointer] = [:]

    var isEmpty: Bool { pointers.isEmpty }
    var count: Int { pointers.count }
    var pointerIDs: Set<Int> { Set(pointers.keys) }

    mutating func press(_ event: PointerEvent) {
        let used = Set(pointers.values.map { $0.id })
        let id = (0...).first { !used.contains($0) } ?? 0
        pointers[event.pointerID] = Pointer(id: id, position: event.position, pressure: event.pressure, size: event.contactSize)
    }

    mutating func update(_ event: PointerEvent) {
        guard var pointer = pointers[event.pointerID] else { return }
        pointer.position = event.position
        if let pressure = event.pressure { pointer.pressure = pressure }
        if let size = event.contactSize { pointer.size = size }
        pointers[event.pointerID] = pointer
    }

    mutating func lift(_ pointerID: Int) { pointers[pointerID] = nil }

    func index(_ pointerID: Int) -> Int {
        guard let id = pointers[pointerID]?.id else { return 0 }
        return pointers.values.filter { $0.id < id }.count
    }

    func line(_ time: Double, _ action: String) -> String {
        let fields = pointers.values.sorted { $0.id < $1.id }.map { pointer in
            var field = "\(pointer.id):\(DecimalFormat.string(pointer.position.x, decimals: 6)):\(DecimalFormat.string(pointer.position.y, decimals: 6))"
            if pointer.pressure != nil || pointer.size != nil {
                field += ":\(DecimalFormat.string(pointer.pressure ?? 1, decimals: 6)):\(DecimalFormat.string(pointer.size ?? 0, decimals: 6))"
            }
            return field
        }
        return ([String(Int((time * 1000).rounded())), action] + fields).joined(separator: " ")
    }
}
