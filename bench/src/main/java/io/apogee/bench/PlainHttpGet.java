package io.apogee.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A minimal HTTP/1.1 client for benchmarks: one kept-alive connection, one fixed GET, the answer read to its end into
 * a reused buffer (a {@code Content-Length} body or a chunked one), so that what is measured is the server's work
 * rather than a client library's.
 *
 * <p>Not thread-safe: one thread fetches.
 */
final class PlainHttpGet implements AutoCloseable {
    private static final int HEADER_LIMIT = 8192;
    private static final int HEX = 16;

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final byte[] request;
    private final StringBuilder line = new StringBuilder();
    private byte[] body = new byte[1 << 16];

    PlainHttpGet(String host, int port, String path) throws IOException {
        socket = new Socket(host, port);
        socket.setTcpNoDelay(true);
        out = socket.getOutputStream();
        in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
        request = ("GET " + path + " HTTP/1.1\r\nHost: " + host + ':' + port + "\r\nAccept: text/plain\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Sends the GET and reads the answer, returning the body's length.
     *
     * @throws IOException when the connection fails or the status is not 200
     */
    int fetch() throws IOException {
        out.write(request);
        out.flush();
        String status = readLine();
        if (!status.startsWith("HTTP/1.1 200")) {
            throw new IOException("unexpected status: " + status);
        }
        int length = -1;
        boolean chunked = false;
        for (String header = readLine(); !header.isEmpty(); header = readLine()) {
            String lower = header.toLowerCase(java.util.Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(lower.substring("content-length:".length()).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        if (!chunked) {
            readFully(0, length);
            return length;
        }
        int total = 0;
        for (int size = Integer.parseInt(readLine().trim(), HEX); size > 0; size = Integer.parseInt(readLine().trim(),
            HEX)) {
            readFully(total, size);
            total += size;
            readLine();
        }
        readLine();
        return total;
    }

    private void readFully(int offset, int length) throws IOException {
        if (offset + length > body.length) {
            body = java.util.Arrays.copyOf(body, Math.max(body.length * 2, offset + length));
        }
        int read = 0;
        while (read < length) {
            int n = in.read(body, offset + read, length - read);
            if (n < 0) {
                throw new IOException("connection closed after " + read + " of " + length + " bytes");
            }
            read += n;
        }
    }

    private String readLine() throws IOException {
        line.setLength(0);
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0 || line.length() > HEADER_LIMIT) {
                throw new IOException("bad header line: " + line);
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
