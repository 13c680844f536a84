import Interaction

/// The JSON Schema of trace format version 1: the one copy of it. `docs/trace-format.schema.json`
/// is this text (a test keeps them equal), and `trace validate` checks traces against it.
public enum TraceSchema {
    /// The schema as JSON text.
    public static let text = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://gesture-lab.invalid/schemas/trace-1.json",
      "title": "Gesture Lab trace, format version 1",
      "description": "A streamed JSON array: the header object, then one pointer event per element. The closing bracket is optional for readers. Unknown keys are ignored.",
      "type": "array",
      "minItems": 1,
      "prefixItems": [{ "$ref": "#/$defs/header" }],
      "items": { "$ref": "#/$defs/event" },
      "$defs": {
        "header": {
          "type": "object",
          "required": ["format", "version", "window"],
          "properties": {
            "format": { "const": "gesture-lab-trace" },
            "version": { "type": "string", "minLength": 3, "description": "MAJOR.MINOR; readers reject a newer major version" },
            "created": { "type": "string", "description": "ISO 8601 UTC" },
            "program": { "type": "string" },
            "window": {
              "type": "object",
              "required": ["width", "height"],
              "properties": {
                "width": { "type": "number", "exclusiveMinimum": 0, "maximum": 100000, "description": "points" },
                "height": { "type": "number", "exclusiveMinimum": 0, "maximum": 100000, "description": "points" },
                "density": { "type": "number", "exclusiveMinimum": 0, "maximum": 16, "description": "pixels per point" }
              }
            },
            "devices": { "type": "array", "items": { "$ref": "#/$defs/device" } },
            "clock": { "type": "string" },
            "config": { "$ref": "#/$defs/config" },
            "expect": { "$ref": "#/$defs/expect" },
            "notes": { "type": "string" },
            "group": { "type": "string" },
            "history": { "type": "array", "items": { "type": "string" } },
            "synthesized": { "type": "boolean" },
            "provenance": {
              "type": "object",
              "required": ["kind"],
              "description": "since 1.3: where the events came from",
              "properties": { "kind": { "enum": ["robot", "synthetic", "device", "person"] } }
            },
            "study": { "$ref": "#/$defs/study" }
          }
        },
        "study": {
          "type": "object",
          "required": ["participant", "task", "trial"],
          "description": "since 1.4: the study, participant, task and trial a trace was taken for (capture-page --study)",
          "properties": {
            "plan": { "type": "string", "minLength": 1, "maxLength": 64, "description": "the plan's id" },
            "participant": { "type": "string", "minLength": 1, "maxLength": 64, "description": "a random code, never a name" },
            "task": { "type": "string", "minLength": 1, "maxLength": 64, "description": "the task's id in the plan" },
            "trial": { "type": "integer", "minimum": 1, "maximum": 1000 },
            "task_intent": { "enum": ["finish", "cancel"], "description": "what the task asked for; expect.intent is what the person confirmed" },
            "row": { "type": "integer", "minimum": 0, "description": "the row of the plan's task order (a balanced Latin square)" },
            "step": { "type": "integer", "minimum": 1, "description": "the gesture's place in the participant's session" },
            "steps": { "type": "integer", "minimum": 1 },
            "device": { "type": "object", "description": "the browser's user agent, screen, touch points and primary pointer" }
          }
        },
        "device": {
          "type": "object",
          "required": ["kind"],
          "properties": {
            "kind": { "enum": ["mouse", "touch", "pen"] },
            "name": { "type": "string" },
            "axes": {
              "type": "object",
              "additionalProperties": { "type": "array", "prefixItems": [{ "type": "number" }, { "type": "number" }], "minItems": 2, "maxItems": 2 }
            }
          }
        },
        "config": {
          "type": "object",
          "properties": {
            "controllers": { "type": "array", "items": { "type": "string" } },
            "policy": { "type": "string" },
            "transition": { "type": "string" },
            "direction": { "enum": ["forward", "backward"] },
            "duration": { "type": "number", "exclusiveMinimum": 0, "maximum": 60, "description": "seconds" },
            "completion": { "type": ["string", "null"] },
            "swipe_distance": { "type": "number", "exclusiveMinimum": 0, "description": "points" },
            "velocity": { "enum": ["flutter", "android-lsq2", "android-impulse", "last-two", "lsq", "impulse"], "description": "lsq and impulse: earlier names of android-lsq2 and android-impulse" },
            "operation": { "enum": ["pop", "dismiss", "tab"] },
            "pop_on_right_to_left": { "type": "boolean" },
            "edge": { "enum": ["left", "right", "top", "bottom"] },
            "edge_recognizer": { "enum": ["md", "uikit-screen-edge", "flutter-cupertino", "android-back"], "description": "since 1.4: the reference whose rules recognise the edge pan; absent: the policy's reference" },
            "pinch": { "enum": ["in", "out"] },
            "resample": { "enum": ["off", "flutter", "android"], "description": "how the stage resamples input to frames; absent: off" },
            "predict": { "enum": ["none", "linear-first", "linear-second", "lsq", "kalman"], "description": "the predictor whose guess drives the controllers; absent: none" },
            "predict_horizon": { "type": "number", "minimum": 0.001, "maximum": 0.1, "description": "seconds" },
            "tab_count": { "type": "integer", "minimum": 1, "maximum": 1000 },
            "selected_tab": { "type": "integer", "minimum": 0, "maximum": 999 },
            "tunables": {
              "type": "object",
              "description": "since 1.1; absent: the values of 1.0 (20, 18, 8, 18, 0.04)",
              "properties": {
                "edge_zone": { "type": "number", "minimum": 0, "maximum": 10000, "description": "points" },
                "pan_slop": { "type": "number", "minimum": 0, "maximum": 10000, "description": "points" },
                "axis_slop": { "type": "number", "minimum": 0, "maximum": 10000, "description": "points" },
                "scale_slop": { "type": "number", "minimum": 0, "maximum": 10000, "description": "points" },
                "velocity_stop": { "type": "number", "minimum": 0, "maximum": 10, "description": "seconds" }
              },
              "additionalProperties": false
            }
          }
        },
        "expect": {
          "type": "object",
          "properties": {
            "outcomes": { "type": "array", "items": { "enum": ["finished", "cancelled"] } },
            "policies": { "type": "object", "additionalProperties": { "type": "array", "items": { "enum": ["finished", "cancelled"] } } },
            "intent": { "type": "array", "items": { "enum": ["finish", "cancel"] } }
          }
        },
        "event": {
          "type": "object",
          "required": ["t", "id", "kind", "phase", "x", "y"],
          "properties": {
            "t": { "type": "number", "minimum": 0, "maximum": 604800, "description": "seconds from the trace's start" },
            "id": { "type": "integer", "minimum": 0, "maximum": 2147483647 },
            "kind": { "enum": ["mouse", "touch", "pen"] },
            "phase": { "enum": ["down", "move", "up", "cancel"] },
            "x": { "type": "number", "minimum": -1000000, "maximum": 1000000, "description": "points" },
            "y": { "type": "number", "minimum": -1000000, "maximum": 1000000, "description": "points" },
            "pressure": { "type": "number", "minimum": 0, "maximum": 1 },
            "size": { "type": "number", "minimum": 0, "maximum": 1000000, "description": "contact diameter in points" },
            "predicted": {
              "type": "array",
              "maxItems": 64,
              "description": "since 1.2: where the browser predicted the pointer would be (getPredictedEvents()); never replayed as input",
              "items": {
                "type": "object",
                "required": ["t", "x", "y"],
                "properties": {
                  "t": { "type": "number", "minimum": 0, "maximum": 604800, "description": "seconds from the trace's start" },
                  "x": { "type": "number", "minimum": -1000000, "maximum": 1000000, "description": "points" },
                  "y": { "type": "number", "minimum": -1000000, "maximum": 1000000, "description": "points" }
                }
              }
            }
          }
        }
      }
    }
    """#

    /// The parsed schema.
    static let validator: JSONSchemaValidator = {
        let parser = JSONParser(source: ByteSource(bytes: Array(text.utf8)))
        // The schema is a constant of this program; a test proves it parses.
        let schema = (try? parser.readValue()) ?? .bool(true)
        return JSONSchemaValidator(schema: schema)
    }()

    /// The ways `header` breaks the schema's header definition.
    static func problems(inHeader header: JSONValue) -> [String] {
        validator.problems(in: header, against: .object([("$ref", .string("#/$defs/header"))]))
    }

    /// The ways `event` breaks the schema's event definition.
    static func problems(inEvent event: JSONValue) -> [String] {
        validator.problems(in: event, against: .object([("$ref", .string("#/$defs/event"))]))
    }

    /// The ways a whole parsed trace breaks the schema.
    public static func problems(inTrace trace: JSONValue) -> [String] {
        validator.problems(in: trace)
    }

    /// Parses `bytes` as one JSON value (for validating whole files in tests and tools).
    public static func parseJSON(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONParser(source: ByteSource(bytes: bytes)).readValue()
    }
}
