// Package bzworker serves Bazel's persistent-worker protocol in its JSON form: it reads
// WorkRequests from a stream, runs each through a handler as one standalone run, and writes
// one WorkResponse per request.
package bzworker
