package io.apogee.broker.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes {@code docs/configuration.md} from the key tables {@link BrokerConfig#KEYS} and {@link NameServerConfig#KEYS}:
 * every key with its type, default, allowed values, RocketMQ's name for it and its description. The text of each key
 * comes from its declaration; this class only lays it out. {@code ConfigurationDocTest} fails when the file in the
 * checkout differs from {@link #render()}.
 *
 * <p>Stateless; safe for any thread.
 */
public final class ConfigurationDoc {
    /** The generated file, relative to the checkout. */
    public static final Path FILE = Path.of("docs", "configuration.md");
    /** The command that regenerates the file, run from the checkout. */
    public static final String REGENERATE = "./mvnw -B -q -pl broker -am test -Djazzer.fuzz=0 -Dtest=ConfigurationDocTest"
        + " -Dsurefire.failIfNoSpecifiedTests=false -Dconfiguration.doc.write=true";

    private ConfigurationDoc() {
    }

    /** Writes the file to {@code args[0]}, or to {@code docs/configuration.md} under the working directory. */
    public static void main(String[] args) throws IOException {
        Path file = args.length > 0 ? Path.of(args[0]) : FILE;
        Files.writeString(file, render(), StandardCharsets.UTF_8);
        System.out.println("wrote " + file.toAbsolutePath());
    }

    /** The whole file. */
    public static String render() {
        StringBuilder out = new StringBuilder(16 * 1024);
        out.append("# Configuration\n\n")
            .append("<!-- Generated from the key tables of BrokerConfig and NameServerConfig by ConfigurationDoc;")
            .append(" do not edit. Regenerate with:\n     ").append(REGENERATE).append(" -->\n\n")
            .append("`bin/apogee broker -c broker.conf` and `bin/apogee namesrv -c namesrv.conf` read a Java properties")
            .append(" file (UTF-8, `key=value` lines, `#` comments).\n")
            .append("Keys and values are trimmed; `true` and `false` and enum names may be in any case.\n")
            .append("A key missing from the file takes its default, and without `-c` every key does.\n")
            .append("An unknown key, a value that does not parse or one out of range stops start-up.\n")
            .append("The message names the key, and the exit status is 2.\n\n")
            .append("The names are RocketMQ's own wherever RocketMQ has the setting, so those lines can be copied from")
            .append(" a RocketMQ file.\n")
            .append("The RocketMQ column gives RocketMQ's name and says where Apogee differs or has a key of its own.\n")
            .append("Durations are in the unit the Type column names.\n\n");
        section(out, "broker.conf", "`bin/apogee broker -c broker.conf`: the broker, with the name server embedded"
            + " in it unless `namesrvAddr` is set.", BrokerConfig.KEYS);
        out.append("One rule spans two keys: `maxMessageSize` must be at most half of `mappedFileSizeCommitLog`.\n\n");
        out.append("Every key is read at start-up. These may also change while the broker runs, through mqadmin's")
            .append(" `updateBrokerConfig` (UPDATE_BROKER_CONFIG): ")
            .append(RuntimeSettings.RUNTIME_KEYS.stream().map(key -> "`" + key.name() + "`")
                .collect(Collectors.joining(", ")))
            .append(". Such a change is kept in `").append(RuntimeSettings.FILE_NAME)
            .append("` in the metadata directory (`<storePathRootDir>/config`), which start-up reads over `broker.conf`.\n\n");
        section(out, "namesrv.conf", "`bin/apogee namesrv -c namesrv.conf`: the name server alone, for brokers"
            + " started with `namesrvAddr`.", NameServerConfig.KEYS);
        return out.toString();
    }

    private static void section(StringBuilder out, String file, String intro, List<ConfigKey<?>> keys) {
        out.append("## ").append(file).append("\n\n").append(intro).append("\n\n")
            .append("| Key | Type | Default | Allowed | RocketMQ | Description |\n")
            .append("|---|---|---|---|---|---|\n");
        for (ConfigKey<?> key : keys) {
            out.append("| `").append(key.name()).append("` | ").append(cell(key.type()))
                .append(" | ").append(cell(shownDefault(key)))
                .append(" | ").append(cell(key.allowed()))
                .append(" | ").append(cell(rocketMq(key)))
                .append(" | ").append(cell(key.description())).append(" |\n");
        }
        out.append('\n');
    }

    private static String shownDefault(ConfigKey<?> key) {
        String shown = key.shownDefault();
        if (shown.isEmpty()) {
            return "(empty)";
        }
        return key.fallback() == null ? shown : "`" + shown + "`";
    }

    private static String rocketMq(ConfigKey<?> key) {
        String note = key.rocketMqNote();
        if (key.rocketMqName() == null) {
            return "Apogee only. " + note;
        }
        String name = key.rocketMqName().equals(key.name()) ? "Same name." : "`" + key.rocketMqName() + "`:";
        return note.isEmpty() ? name : name + " " + note;
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
