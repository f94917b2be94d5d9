package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The console's pages in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}) after the
 * known load of {@link ConsoleLoad}: the overview shows the broker and its charts get a point, the topics page the
 * topic and its message count, the groups page the group's lag per queue (and its form rewinds an offline group), and
 * the message page finds the keyed message and shows its body; a stand-alone name server's page shows the broker
 * registered with it and the routes. Each page is saved as a screenshot under {@code target/console-screenshots}.
 *
 * <p>Without Chromium the test is skipped, saying so; with {@code APOGEE_REQUIRE_CHROMIUM} set (as .ci/run sets it) it
 * fails instead.
 */
@Tag("slow")
class ConsoleBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");
    private static final List<String> BROWSERS = List.of("chromium", "chromium-browser", "google-chrome");

    @TempDir
    static Path dir;
    private static ConsoleLoad load;
    private static ChromeDriver browser;
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        browser = startBrowser();
        load = ConsoleLoad.start(dir, Map.of("brokerName", "console-broker"));
        base = "http://127.0.0.1:" + load.consolePort();
        Files.createDirectories(SCREENSHOTS);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (load != null) {
            load.close();
        }
    }

    @Test
    void theOverviewShowsTheBrokerAndItsCharts() throws Exception {
        browser.get(base + "/");
        WebElement row = await("the broker's row", By.cssSelector("#brokers tr[data-broker='console-broker']"));
        assertThat(row.getText()).contains(load.broker().address(), "ASYNC_MASTER", "V5_4_0");
        Await.until("the lag chart's point after the load", WAIT, () -> {
            browser.navigate().refresh();
            String lag = awaitAttribute(By.id("chart-lag"), "data-lag");
            return lag != null && Long.parseLong(lag) >= ConsoleLoad.LAGGING;
        });
        assertThat(Long.parseLong(browser.findElement(By.id("chart-tps")).getDomAttribute("data-points")))
            .isPositive();
        screenshot("overview");
    }

    @Test
    void theTopicsPageShowsTheTopic() throws Exception {
        browser.get(base + "/topics.html");
        WebElement row = await("the topic's row", By.cssSelector("#topics tr[data-topic='" + ConsoleLoad.TOPIC + "']"));
        assertThat(row.findElement(By.className("messages")).getText())
            .isEqualTo(Integer.toString(ConsoleLoad.CONSUMED + ConsoleLoad.LAGGING));
        assertThat(browser.findElements(By.cssSelector("#topics tr[data-topic='TBW102']"))).as("hidden").isEmpty();
        browser.findElement(By.id("show-system")).click();
        await("the broker's own topics", By.cssSelector("#topics tr[data-topic='TBW102']"));
        screenshot("topics");
    }

    @Test
    void theGroupsPageShowsTheLagPerQueue() throws Exception {
        browser.get(base + "/groups.html");
        WebElement group = await("the group", By.cssSelector("section[data-group='" + ConsoleLoad.GROUP + "']"));
        assertThat(group.findElement(By.className("total-lag")).getText())
            .isEqualTo(Integer.toString(ConsoleLoad.LAGGING));
        List<WebElement> queues = group.findElements(By.cssSelector("tr[data-topic='" + ConsoleLoad.TOPIC + "']"));
        assertThat(queues).hasSize(load.broker().context().metadata().topics().get(ConsoleLoad.TOPIC).writeQueues());
        long lag = 0;
        for (WebElement queue : queues) {
            int queueId = Integer.parseInt(queue.getDomAttribute("data-queue"));
            long shown = Long.parseLong(queue.findElement(By.className("lag")).getText());
            long expected = load.broker().context().store().maxOffset(ConsoleLoad.TOPIC, queueId)
                - load.broker().committedOffset(ConsoleLoad.GROUP, ConsoleLoad.TOPIC, queueId);
            assertThat(shown).as("queue %d", queueId).isEqualTo(expected);
            lag += shown;
        }
        assertThat(lag).isEqualTo(ConsoleLoad.LAGGING);
        assertThat(group.getText()).contains("offline", "No connected member");
        screenshot("groups");
    }

    @Test
    void theResetFormRewindsAnOfflineGroup() throws Exception {
        String group = "console-rewound";
        browser.get(base + "/groups.html");
        browser.findElement(By.id("reset-group")).sendKeys(group);
        browser.findElement(By.id("reset-topic")).sendKeys(ConsoleLoad.TOPIC);
        browser.executeScript("document.getElementById('reset-time').value = arguments[0]", "2000-01-01T00:00:00");
        browser.findElement(By.id("reset-button")).click();
        Await.until("the reset's answer", WAIT, () -> browser.findElement(By.id("reset-result")).getText()
            .contains("queue 0: -1 -> 0"));
        WebElement rewound = await("the rewound group", By.cssSelector("section[data-group='" + group + "']"));
        assertThat(rewound.findElement(By.className("total-lag")).getText())
            .isEqualTo(Integer.toString(ConsoleLoad.CONSUMED + ConsoleLoad.LAGGING));
        screenshot("groups-after-reset");
    }

    @Test
    void aMessageFoundByKeyShowsItsBody() throws Exception {
        browser.get(base + "/message.html");
        browser.findElement(By.id("key-topic")).sendKeys(ConsoleLoad.TOPIC);
        browser.findElement(By.id("key-key")).sendKeys(ConsoleLoad.KEY);
        Await.until("the keyed message found", WAIT, () -> {
            browser.findElement(By.id("find-by-key")).click();
            return !browser.findElements(By.cssSelector("#messages .body-preview")).isEmpty();
        });
        WebElement message = browser.findElement(By.cssSelector("#messages article.message"));
        assertThat(message.findElement(By.className("body-preview")).getText()).isEqualTo(ConsoleLoad.BODY);
        assertThat(message.getDomAttribute("data-msg-id")).isEqualTo(load.keyed().getMsgId());
        assertThat(message.getText()).contains("Property KEYS", ConsoleLoad.KEY, load.keyed().getOffsetMsgId());
        screenshot("message-by-key");

        browser.findElement(By.id("id-id")).sendKeys(load.keyed().getOffsetMsgId());
        browser.findElement(By.id("find-by-id")).click();
        Await.until("the message found by its offset id", WAIT, () -> browser
            .findElements(By.cssSelector("#messages article[data-msg-id='" + load.keyed().getMsgId() + "']")).size() == 1);
        assertThat(browser.findElement(By.cssSelector("#messages .body-preview")).getText()).isEqualTo(ConsoleLoad.BODY);
    }

    @Test
    void theNameServerPageShowsTheRegisteredBrokerAndRoutes() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        settings.setProperty("consoleEnable", "true");
        settings.setProperty("consoleListenHost", "127.0.0.1");
        settings.setProperty("consoleListenPort", "0");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(settings, dir.resolve("namesrv")),
                 SystemClock.INSTANCE);
             TestBroker broker = TestBroker.start(dir.resolve("registered"), Map.of("namesrvAddr",
                 "127.0.0.1:" + nameServer.port(), "brokerName", "listed-broker"))) {
            browser.get("http://127.0.0.1:" + nameServer.consolePort() + "/");
            WebElement row = await("the registered broker's row", By.cssSelector("#brokers tr[data-broker='listed-broker']"));
            assertThat(row.findElement(By.className("members")).getText()).isEqualTo("0: " + broker.address());
            WebElement route = await("the default topic's route", By.cssSelector("#routes tr[data-topic='TBW102']"));
            assertThat(route.findElement(By.className("routes")).getText()).startsWith("listed-broker: ");
            screenshot("namesrv");
        }
    }

    private static WebElement await(String what, By selector) throws InterruptedException {
        Await.until(what, WAIT, () -> !browser.findElements(selector).isEmpty());
        return browser.findElement(selector);
    }

    private static String awaitAttribute(By selector, String attribute) throws InterruptedException {
        Await.until("element " + selector, WAIT, () -> !browser.findElements(selector).isEmpty());
        return browser.findElement(selector).getDomAttribute(attribute);
    }

    private static void screenshot(String name) throws IOException {
        Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
    }

    /** A headless Chromium through its driver; skipped (or failed, in CI) when there is none that runs. */
    private static ChromeDriver startBrowser() {
        File chromium = onPath(System.getProperty("apogee.chromium"), BROWSERS);
        File driver = onPath(System.getProperty("apogee.chromedriver"), List.of("chromedriver"));
        if (chromium == null || driver == null) {
            cannotRun("no " + (chromium == null ? "chromium" : "chromedriver") + " on the PATH (Debian: apt-get install"
                + " chromium chromium-driver)", null);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
            "--window-size=1280,1000");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver)
            .usingAnyFreePort().build();
        try {
            return new ChromeDriver(service, options);
        } catch (WebDriverException e) {
            cannotRun("Chromium " + chromium + " did not start through " + driver + ": " + e.getMessage(), e);
            return null;
        }
    }

    private static void cannotRun(String reason, Throwable cause) {
        if (System.getenv("APOGEE_REQUIRE_CHROMIUM") != null) {
            Assertions.fail("APOGEE_REQUIRE_CHROMIUM is set and " + reason, cause);
        }
        Assumptions.abort("the console's browser test needs Chromium: " + reason);
    }

    private static File onPath(String given, List<String> names) {
        if (given != null) {
            return new File(given);
        }
        for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : names) {
                File candidate = new File(directory, name);
                if (candidate.canExecute()) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
