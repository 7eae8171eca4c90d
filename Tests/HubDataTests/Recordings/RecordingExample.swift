/// The recording the tests of recordings read, write and replay: the format's own example.
enum RecordingExample {
    static let food = """
        # Recorded by hub test --record. Edit the status, headers, body or delay by hand.
        GET http://127.0.0.1:8099/food.json
        accept: application/json

        HTTP 200 after 300 ms
        content-type: application/json
        etag: "abc"

        {"title": "Delicious Food"}
        """
}
