package dev.falsify.runner.toxiproxy;

/**
 * An answer other than success, as Toxiproxy gives it: an HTTP status and the {@code error} text of its
 * {@code {"error": …, "status": …}} body. The messages are Toxiproxy's where it has one, so a client that
 * matches on them keeps working.
 */
public final class ApiError extends RuntimeException {
    private final int status;

    public ApiError(int status, String message) {
        super(message);
        this.status = status;
    }

    public int status() {
        return status;
    }

    static ApiError badBody(String why) {
        return new ApiError(400, "bad request body: " + why);
    }

    static ApiError missingField(String field) {
        return new ApiError(400, "missing required field: " + field);
    }

    static final ApiError PROXY_NOT_FOUND = new ApiError(404, "proxy not found");
    static final ApiError PROXY_EXISTS = new ApiError(409, "proxy already exists");
    static final ApiError INVALID_STREAM = new ApiError(400, "stream was invalid, can be either upstream or downstream");
    static final ApiError INVALID_TOXIC_TYPE = new ApiError(400, "invalid toxic type");
    static final ApiError TOXIC_EXISTS = new ApiError(409, "toxic already exists");
    static final ApiError TOXIC_NOT_FOUND = new ApiError(404, "toxic not found");

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this; // an answer, not a failure: no stack to keep
    }
}
