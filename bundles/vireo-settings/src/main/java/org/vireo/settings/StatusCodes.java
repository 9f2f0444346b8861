package org.vireo.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

/** The HTTP statuses an http monitor accepts: codes and ranges, such as {@code 200,204,300-399}. */
public record StatusCodes(List<Range> ranges) {

    static final String ACCEPTED = "HTTP status codes 100-599 and ranges of them, such as 200,204,300-399";

    private static final Pattern ITEM = Pattern.compile("([0-9]{3})(?:-([0-9]{3}))?");

    public record Range(int from, int to) {
        @Override
        public String toString() {
            return from == to ? String.valueOf(from) : from + "-" + to;
        }
    }

    public StatusCodes {
        ranges = List.copyOf(ranges);
    }

    /**
     * Parses the items of {@code setting}; none (absent or emptied), its declared default. A bad item is added to
     * {@code errors} (key, item, what is accepted).
     */
    static StatusCodes parse(Map<String, ?> raw, Setting<String[]> setting, List<String> errors) {
        List<String> items = ConfigValues.list(raw, setting);
        List<Range> ranges = new ArrayList<>();
        for (String item : items.isEmpty() ? setting.defaultList() : items) {
            Matcher m = ITEM.matcher(item);
            Range r = null;
            if (m.matches()) {
                int from = Integer.parseInt(m.group(1));
                int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
                r = from >= 100 && to <= 599 && from <= to ? new Range(from, to) : null;
            }
            if (r == null) {
                errors.add(setting + " holds '" + item + "': expected " + ACCEPTED);
            } else {
                ranges.add(r);
            }
        }
        return new StatusCodes(ranges);
    }

    public boolean accepts(int status) {
        return ranges.stream().anyMatch(r -> status >= r.from() && status <= r.to());
    }

    @Override
    public String toString() {
        return ranges.stream().map(Range::toString).collect(Collectors.joining(","));
    }
}
