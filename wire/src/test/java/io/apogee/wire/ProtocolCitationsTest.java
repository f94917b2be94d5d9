package io.apogee.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every "§" citation in the repository's Java sources names a section that docs/protocol.md has. A section is a
 * numbered heading ("### 4.4 ..."); under §3.3 each request heading also counts as "3.3 code" for every code it
 * names, so that "§3.3 11" points at PULL_MESSAGE. Reads only files inside the repository.
 */
class ProtocolCitationsTest {
    /** The page, relative to the repository root. */
    private static final Path PAGE = Path.of("docs", "protocol.md");
    /** The section whose sub-headings are named by request code. */
    private static final String REQUEST_DETAILS = "3.3";
    /** A numbered heading: "## 1. Framing", "### 4.4 Stored record". */
    private static final Pattern NUMBERED_HEADING = Pattern.compile("^(#{2,6}) (\\d+(?:\\.\\d+)*)\\.? ");
    /** Any heading, to know its level. */
    private static final Pattern HEADING = Pattern.compile("^(#{1,6}) ");
    /** A request code named in a §3.3 heading: "11 PULL_MESSAGE". */
    private static final Pattern CODE_IN_HEADING = Pattern.compile("\\b(\\d+) [A-Z][A-Z0-9_]*");
    /** A citation: "§4.4", or "§3.3 11" for a request. */
    private static final Pattern CITATION = Pattern.compile("§(\\d+(?:\\.\\d+)*)(?: (\\d+)\\b)?");

    @Test
    void everyCitationNamesASectionOfTheProtocolPage() throws IOException {
        Path root = repositoryRoot();
        Set<String> sections = sections(Files.readAllLines(root.resolve(PAGE), StandardCharsets.UTF_8));
        List<String> missing = new ArrayList<>();
        int citations = 0;
        for (Path file : javaSources(root)) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                Matcher citation = CITATION.matcher(lines.get(i));
                while (citation.find()) {
                    citations++;
                    String section = cited(citation);
                    if (!sections.contains(section)) {
                        missing.add(root.relativize(file) + ":" + (i + 1) + " cites §" + section);
                    }
                }
            }
        }
        // a walk that found nothing would pass vacuously
        assertThat(citations).as("citations found").isPositive();
        assertThat(missing).as("citations of sections docs/protocol.md does not have").isEmpty();
    }

    @Test
    void requestHeadingsUnderRequestDetailsCountAsSectionsByCode() {
        Set<String> sections = sections(List.of("## 3. Codes", "### 3.3 Request details",
            "#### 11 PULL_MESSAGE, 361 LITE_PULL_MESSAGE", "### 3.4 Commands", "#### mqadmin 12 QUERY_MESSAGE"));
        assertThat(sections).containsExactlyInAnyOrder("3", "3.3", "3.3 11", "3.3 361", "3.4");
    }

    /** The section a citation names: its number, plus the request code for §3.3. */
    private static String cited(Matcher citation) {
        String number = citation.group(1);
        return REQUEST_DETAILS.equals(number) && citation.group(2) != null ? number + " " + citation.group(2) : number;
    }

    /** The section numbers of the page's headings, and "3.3 code" for each code named under §3.3. */
    static Set<String> sections(List<String> page) {
        Set<String> sections = new TreeSet<>();
        int requestDetailsLevel = 0;
        boolean fenced = false;
        for (String line : page) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            }
            Matcher heading = HEADING.matcher(line);
            if (fenced || !heading.find()) {
                continue;
            }
            int level = heading.group(1).length();
            if (requestDetailsLevel > 0 && level <= requestDetailsLevel) {
                requestDetailsLevel = 0;
            }
            if (requestDetailsLevel > 0) {
                Matcher code = CODE_IN_HEADING.matcher(line);
                while (code.find()) {
                    sections.add(REQUEST_DETAILS + " " + code.group(1));
                }
                continue;
            }
            Matcher numbered = NUMBERED_HEADING.matcher(line);
            if (numbered.find()) {
                sections.add(numbered.group(2));
                if (REQUEST_DETAILS.equals(numbered.group(2))) {
                    requestDetailsLevel = level;
                }
            }
        }
        return sections;
    }

    /** The Java files under the root's {@code <module>/src} folders. */
    private static List<Path> javaSources(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path src : modules.map(module -> module.resolve("src")).filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> walk = Files.walk(src)) {
                    walk.filter(Files::isRegularFile).filter(file -> file.toString().endsWith(".java")).sorted()
                        .forEach(files::add);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return files;
    }

    /**
     * The repository root: Maven runs tests in the module's folder, whose parent holds docs/; an IDE may run them in
     * the root itself. Looks no further up, so nothing outside the repository is read.
     */
    private static Path repositoryRoot() {
        Path here = Path.of("").toAbsolutePath();
        for (Path candidate : new Path[] {here, here.getParent()}) {
            if (candidate != null && Files.isRegularFile(candidate.resolve(PAGE))) {
                return candidate;
            }
        }
        throw new AssertionError("no " + PAGE + " in " + here + " or its parent");
    }
}
