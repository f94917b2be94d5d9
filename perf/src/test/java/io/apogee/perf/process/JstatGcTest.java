package io.apogee.perf.process;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** jstat -gc output of JDK 25 and an older JDK (whose columns differ), and what is not jstat output. */
class JstatGcTest {
    /** JDK 25's columns, spacing shortened (jstat right-aligns each column). */
    private static final String JDK25 = String.join("\n",
        "   S0C      S1C    S0U     S1U       EC       EU       OC      OU      MC      MU    CCSC   CCSU  YGC  YGCT "
            + " FGC  FGCT  CGC  CGCT   GCT",
        "    0.0  4096.0    0.0  4096.0 626688.0 167936.0 417792.0 53248.0 38400.0 37890.2 4992.0 4732.5   17 0.123 "
            + "   0 0.000    4 0.010 0.133",
        "");
    /** An older JDK's columns: no CGC and CGCT. */
    private static final String OLDER = String.join("\n",
        " S0C    S1C    S0U    S1U      EC       EU        OC         OU       MC     MU    CCSC   CCSU   YGC     YGCT    FGC"
            + "    FGCT     GCT",
        "512.0  512.0   0.0   480.0   4416.0   1234.5   10944.0     2345.6  4864.0 4600.1 512.0  470.2      3    0.015   0"
            + "      0.000    0.015");

    @Test
    void findsTheYoungColumnsByName() {
        JstatGc gc = JstatGc.parse(JDK25);
        assertThat(gc.youngCount()).isEqualTo(17);
        assertThat(gc.youngSeconds()).isCloseTo(0.123, within(1e-9));
        JstatGc older = JstatGc.parse(OLDER);
        assertThat(older.youngCount()).isEqualTo(3);
        assertThat(older.youngSeconds()).isCloseTo(0.015, within(1e-9));
    }

    @Test
    void differenceIsWhatHappenedBetween() {
        JstatGc run = JstatGc.parse(JDK25).since(JstatGc.parse(JDK25.replace("  17 ", "   9 ").replace("0.123", "0.100")));
        assertThat(run.youngCount()).isEqualTo(8);
        assertThat(run.youngSeconds()).isCloseTo(0.023, within(1e-9));
    }

    @Test
    void refusesOutputWithoutYoungColumns() {
        assertThatThrownBy(() -> JstatGc.parse("12345 not found")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no YGC and YGCT columns");
        assertThatThrownBy(() -> JstatGc.parse("YGC YGCT\nx 0.1")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("not a number");
    }
}
