package io.apogee.perf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** apogee perf plot overlays the runs of several --json files, named by their labels. */
class PlotCommandTest {
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    @Test
    void overlaysRunsNamedByTheirLabels(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.json"), "{\"label\":\"Apogee, apogee client\",\"sendLatencyCurve\":"
            + "[[0.0,100],[50.0,200],[99.0,900]],\"endToEndLatencyCurve\":[[0.0,300],[90.0,700]]}");
        Path b = Files.writeString(dir.resolve("b.json"), "{\"sendLatencyCurve\":[[0.0,1000],[99.9,50000]]}");
        Path out = dir.resolve("x.html");
        int code = new PlotCommand(new PrintStream(printed, true, StandardCharsets.UTF_8)).commandLine()
            .execute(a.toString(), b.toString(), "--out", out.toString(), "--title", "side by side");
        assertThat(code).isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("wrote " + out + " (2 runs)");
        String html = Files.readString(out);
        assertThat(html).contains("side by side", ">Apogee, apogee client<", ">b.json<", "b.json (none)");
        assertThat(html.split("<polyline", -1)).hasSize(1 + 3);
    }

    @Test
    void aFileWithoutCurvesIsRefused(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"sent\":1}");
        StringWriter err = new StringWriter();
        int code = new PlotCommand(new PrintStream(printed, true, StandardCharsets.UTF_8)).commandLine()
            .setErr(new PrintWriter(err)).execute(bad.toString(), "--out", dir.resolve("x.html").toString());
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("is not an apogee perf --json file");
        assertThat(dir.resolve("x.html")).doesNotExist();
    }
}
