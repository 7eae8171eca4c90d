import HubPostgres
import Testing

@Suite struct PostgresURLTests {
    @Test func parsesEveryPart() throws {
        let url = try PostgresURL("postgres://hub%40ops:p%3Ass@db.example.com:6543/hub%20store?sslmode=require")
        #expect(url.user == "hub@ops")
        #expect(url.password == "p:ss")
        #expect(url.host == "db.example.com")
        #expect(url.port == 6543)
        #expect(url.database == "hub store")
        #expect(url.tls == .require)
        #expect(url.description == "postgres://hub%40ops@db.example.com:6543/hub%20store?sslmode=require")
    }

    @Test func defaults() throws {
        let local = try PostgresURL("postgresql://postgres@127.0.0.1")
        #expect(local.port == 5432)
        #expect(local.database == "postgres")
        #expect(local.password == nil)
        #expect(local.tls == .disable)
        #expect(local.description == "postgres://postgres@127.0.0.1:5432/postgres")
        #expect(try PostgresURL("postgres://u@localhost/db").tls == .disable)
        #expect(try PostgresURL("postgres://u@[::1]:5433/db").endpoint == "[::1]:5433")
        #expect(try PostgresURL("postgres://u@[::1]:5433/db").tls == .disable)
        #expect(try PostgresURL("postgres://u@db.internal/db").tls == .verifyFull)
        #expect(try PostgresURL("postgres://u@db.internal/db?sslmode=disable").tls == .disable)
        #expect(try PostgresURL("postgres://u:@h/db").password == "")
    }

    @Test func refusesWhatItCannotUse() {
        let cases: [(String, String)] = [
            ("mysql://u@h/db", "it must start with postgres:// or postgresql://"),
            ("postgres://h/db", "it names no user (postgres://user@host/database)"),
            ("postgres://u@/db", "the host is empty"),
            ("postgres://u@h:0/db", "the port 0 is not a number from 1 to 65535"),
            ("postgres://u@h:x/db", "the port x is not a number from 1 to 65535"),
            ("postgres://u@h/db?sslmode=maybe", "sslmode must be one of disable, prefer, require, verify-ca, verify-full, got maybe"),
            ("postgres://u@h/db?timeout=3", "unknown option timeout (the one option is sslmode)"),
        ]
        for (text, problem) in cases {
            #expect(throws: PostgresURLError.self) { try PostgresURL(text) }
            do {
                _ = try PostgresURL(text)
            } catch let error as PostgresURLError {
                #expect(error.message == "invalid PostgreSQL URL \(text): \(problem)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func errorsHideThePassword() {
        do {
            _ = try PostgresURL("postgres://u:s3cret@h:99999/db")
            Issue.record("expected an error")
        } catch let error as PostgresURLError {
            #expect(error.message == "invalid PostgreSQL URL postgres://u:***@h:99999/db: the port 99999 is not a number from 1 to 65535")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
