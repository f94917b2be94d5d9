/**
 * Apogee's command-line tools that need no running broker. Each tool family has its package.
 */
package io.apogee.cli;
