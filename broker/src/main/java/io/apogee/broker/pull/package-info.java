/**
 * The pull family: PULL_MESSAGE and LITE_PULL_MESSAGE with long polling. A pull runs on the I/O thread that read it;
 * a pull that finds nothing is held until a message arrives or its time runs out, and resumes on its connection's
 * event loop. Bodies are slices of the mapped log, sent without a copy.
 */
package io.apogee.broker.pull;
