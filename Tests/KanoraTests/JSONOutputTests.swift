import Foundation
@testable import kanora
import Testing

@Suite("--json writer")
struct JSONOutputTests {
    @Test func everyKeyIsWrittenSortedWithNilAsNull() {
        let object = JSONObject([
            "b": 1, "a": String?.none, "c": ["x/y"], "d": JSONObject(["e": true]), "f": [String](),
        ])
        #expect(JSONOutput.text(object) == """
            {
              "a" : null,
              "b" : 1,
              "c" : [
                "x/y"
              ],
              "d" : {
                "e" : true
              },
              "f" : [

              ]
            }
            """)
        #expect(JSONOutput.line(object) == #"{"a":null,"b":1,"c":["x/y"],"d":{"e":true},"f":[]}"#)
    }

    @Test func fieldsKeyedByNameKeepEveryName() {
        let object = JSONObject(fields: [(key: "title", value: "Jóga" as any Encodable), (key: "tag:MOOD", value: String?.none)])
        #expect(JSONOutput.line(object) == #"{"tag:MOOD":null,"title":"Jóga"}"#)
    }
}
